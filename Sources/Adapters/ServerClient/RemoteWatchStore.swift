import Catalog
import Foundation
import ServerWire

/// What a `spindle serve`'s clients watched, kept on the server for the token's account
/// (`GET`/`POST /v1/watch`): the marks made on one client show on another. Title ids are the
/// server's (`t42`), as its pages give them.
///
///     let store = RemoteWatchStore(provider: provider)
///     try await store.save(["t42": WatchMark(position: 600)])
package struct RemoteWatchStore: WatchStore {
    let provider: RemoteProvider

    package init(provider: RemoteProvider) {
        self.provider = provider
    }

    package func allMarks() async throws -> [String: WatchMark] {
        let url = provider.server.url(WireProtocol.watchPath)
        let wire = try await provider.fetch(WireWatchMarks.self, from: url, notFound: .isNil)
        // The server's word: no more marks than a save may send, and no negative positions.
        var marks: [String: WatchMark] = [:]
        for (id, mark) in (wire?.marks ?? [:]).prefix(WireWatchMarks.maximumCount * 10) {
            marks[id] = WatchMark(position: mark.position, watched: mark.watched)
        }
        return marks
    }

    /// Sends the marks, `WireWatchMarks.maximumCount` at a time; a server without watch state
    /// (older) keeps none, and says so with a 404, which is not an error here.
    package func save(_ marks: [String: WatchMark]) async throws {
        let url = provider.server.url(WireProtocol.watchPath)
        let all = Array(marks)
        for start in stride(from: 0, to: all.count, by: WireWatchMarks.maximumCount) {
            let part = Dictionary(uniqueKeysWithValues: all[start ..< min(all.count, start + WireWatchMarks.maximumCount)].map { ($0.key, $0.value) })
            let body = try JSONEncoder().encode(WireWatchMarks(marks: part))
            _ = try await provider.fetch(WireWatchSaved.self, from: url, notFound: .isNil, posting: Array(body))
        }
    }
}
