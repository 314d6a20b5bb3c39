import Catalog
import ServerWire
import SpinTesting
import TestSupport
@testable import ServerClient

enum Fixtures {
    static let token = "s3cret-T0KEN"

    /// `count` titles "Title 1" … with every field, media paths on the server.
    static func titles(_ count: Int) -> [WireTitle] {
        (1 ... max(1, count)).prefix(count).map { number in
            WireTitle(
                id: "t\(number)", title: "Title \(number)", year: 2000 + number % 20, genre: "Drama",
                duration: 3600, introStart: 10, introEnd: 70, creditsStart: 3500,
                video: "/v1/titles/t\(number)/video"
            )
        }
    }

    /// A provider of `server`'s library. Its timeout, when the test is not about one, is
    /// `Wait.deadline`: a loaded machine can take seconds over a request.
    static func provider(_ server: FaultServer, timeout: Duration = Wait.deadline) throws -> RemoteProvider {
        try RemoteProvider(server: server.address, token: token, timeout: timeout)
    }

    /// An error answer's body.
    static func errorJSON(_ message: String) -> String {
        FaultLibrary.json(WireError(message))
    }

    /// Every page of `query`, following the next links.
    static func allPages(_ provider: RemoteProvider, query: String = "", pageSize: Int) async throws -> [Page] {
        var pages: [Page] = []
        var request = PageRequest(query: query, pageSize: pageSize)
        while true {
            let page = try await provider.page(request)
            pages.append(page)
            guard let next = page.next else { return pages }
            request = PageRequest(query: query, cursor: next, pageSize: pageSize)
        }
    }
}
