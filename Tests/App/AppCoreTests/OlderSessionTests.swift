import Browser
import Catalog
import Foundation
import Terminal
import Testing
@testable import AppCore

@Suite("Sessions saved by earlier versions")
struct OlderSessionTests {
    @Test("a state saved before the library (no scan, rescans or list reload fields) still decodes")
    func beforeTheLibrary() throws {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80), pages: 2)
        AppFixtures.send([.down, .down], to: &state)
        let data = try JSONEncoder().encode(state)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["rescans"] == nil, "nothing new is written while it has its default")
        object["scan"] = nil
        var list = try #require(object["list"] as? [String: Any])
        list["refreshSize"] = nil
        list["refreshDue"] = nil
        object["list"] = list
        let older = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(AppState.self, from: older) == state)
    }
}
