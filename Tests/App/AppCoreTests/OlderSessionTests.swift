import Browser
import Catalog
import Foundation
import Terminal
import TerminalTesting
import TestSupport
import Testing
@testable import AppCore

/// Sessions written by earlier versions of the app, kept as files in Fixtures/Sessions: each
/// is restored through its migrations and shows the screen the version that wrote it showed.
@Suite("Sessions saved by earlier versions")
struct OlderSessionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Sessions")
    static let size = Size(rows: 24, columns: 80)

    /// The session's folder `name` copied into a store of the test's own.
    static func store(with name: String, in folder: TempFolder) throws -> SessionStore {
        let store = SessionStore(directory: folder.path)
        let directory = store.sessionDirectory(forCatalog: nil)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for file in ["snapshot.json", "journal.jsonl"] {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("\(name)/\(file)").path,
                                             toPath: directory + "/" + file)
        }
        return store
    }

    @Test("a session written before the versioned snapshot (a search, a ✓, a position) resumes with the same screen")
    func unversionedSession() throws {
        let folder = try TempFolder(prefix: "spindle-older-session")
        let session = AppSession.start(store: try Self.store(with: "embedded-v1", in: folder), catalog: nil, fresh: false,
                                       pageSize: 50, size: Self.size)
        #expect(session.isResumed)
        #expect(session.notices.isEmpty)
        #expect(session.state.list.query == "circus")
        #expect(session.state.list.selection == 1)
        #expect(session.state.watched == ["sp000007"])
        #expect(session.state.positions["sp000009"] == 39)
        expectSnapshot(AppFixtures.render(session.state), named: "older-session-embedded-v1")
    }

    @Test("a state written before the versioned snapshot, every field away from its default, decodes to the same screen")
    func unversionedState() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("state-v1.json"))
        let state = try JSONDecoder().decode(AppState.self, from: data)
        #expect(state.scanGeneration == 3)
        #expect(state.watched == ["sp000007"])
        #expect(state.watchWrites.count == 1)
        #expect(state.hasWatchStore && state.hasViews && state.canOrder && state.upNextAsksTheCatalog)
        #expect(state.playbackChoices["sp000009"]?.speed == 125)
        #expect(state.knownMedia.first?.fileSize == 1_234_567)
        #expect(state.list.order == .year)
        #expect(state.list.filter == ListFilter(genre: "Drama"))
        #expect(state.list.refreshCount == 2)
        #expect(state.chosenVolume == 80)
        #expect(state.brokenInvariants.isEmpty)
        expectSnapshot(AppFixtures.render(state), named: "older-state-v1")
    }
}
