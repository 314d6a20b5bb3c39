import Browser
import Catalog
import Foundation
import Terminal
import TerminalTesting
import TestSupport
import Testing
@testable import AppCore
import JSON
@testable import Player

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

    @Test("a version 1 session (no version field; a search, a ✓, a position) resumes with the screen version 1 showed")
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

    @Test("a version 2 session (before the grid) resumes on rows, where it was; v then shows the grid, and a session keeps it")
    func versionTwoSession() throws {
        let folder = try TempFolder(prefix: "spindle-older-session")
        let store = try Self.store(with: "embedded-v2", in: folder)
        let session = AppSession.start(store: store, catalog: nil, fresh: false, pageSize: 50, size: Self.size)
        #expect(session.isResumed)
        #expect(session.notices.isEmpty)
        #expect(session.state.list.selection == 3)
        #expect(!session.state.showsPosters)
        var state = session.state
        AppFixtures.send([.character("v")], to: &state)
        #expect(state.showsPosters && state.list.columns > 1)
        let written = try JSONEncoder().encode(state)
        let read = try JSONDecoder().decode(AppState.self, from: written)
        #expect(read.showsPosters)
        #expect(read.list.selection == 3)
    }

    @Test("a version 3 session (titles as objects: two pages down, a search for \"the\") resumes where it was, and is written again in blocks")
    func versionThreeSession() throws {
        let folder = try TempFolder(prefix: "spindle-older-session")
        let session = AppSession.start(store: try Self.store(with: "embedded-v3", in: folder), catalog: nil, fresh: false,
                                       pageSize: 50, size: Self.size)
        #expect(session.isResumed)
        #expect(session.notices.isEmpty)
        let list = session.state.list
        #expect(list.query == "the" && list.selection == 1 && list.items.count == 50)
        #expect(list.selectedTitle?.title.lowercased().contains("the") == true)
        // Esc gives back the whole list as it was before the search: two pages, a row past the second PageDown.
        var cleared = session.state
        AppFixtures.send([.escape], to: &cleared)
        #expect(cleared.list.query.isEmpty && cleared.list.items.count == 100 && cleared.list.selection > 40)
        let written = try JSONEncoder().encode(session.state)
        #expect(!String(decoding: written, as: UTF8.self).contains(#""credits_start""#))
        #expect(try JSONDecoder().decode(AppState.self, from: written) == session.state)
    }

    @Test("a version 4 session (entered from the end, five pages up) resumes where it was, its pages' ends unknown, and reads on")
    func versionFourSession() throws {
        let folder = try TempFolder(prefix: "spindle-older-session")
        let session = AppSession.start(store: try Self.store(with: "embedded-v4", in: folder), catalog: nil, fresh: false,
                                       pageSize: 50, size: Self.size)
        #expect(session.isResumed)
        #expect(session.notices.isEmpty)
        let list = session.state.list
        #expect(list.firstIndex + list.selection == 4_892 && list.hasEarlier && !list.hasMore)
        #expect(list.pageEnds.count == list.items.chunks.count && list.maximumLoaded == ListState.defaultMaximumLoaded)
        #expect(session.state.brokenInvariants.isEmpty)
        let written = try JSONEncoder().encode(session.state)
        #expect(try JSONDecoder().decode(AppState.self, from: written) == session.state)
    }

    @Test("a version 4 state with loaded pages: each gets ends, the first of a list read from its start its place")
    func versionFourState() throws {
        var state = AppFixtures.state(size: Self.size)
        #expect(state.list.items.chunks.count == 1)
        guard case .object(var tree) = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(state)),
              case .object(var list)? = tree["list"] else { Issue.record("not an object"); return }
        list["pageEnds"] = nil
        list["maximumLoaded"] = nil
        tree["list"] = .object(list)
        tree["version"] = .integer(4)
        let read = try JSONDecoder().decode(AppState.self, from: JSONEncoder().encode(JSONValue.object(tree)))
        #expect(read.list.pageEnds == [PageEnds(start: .start)])
        #expect(read.brokenInvariants.isEmpty)
        state.list = read.list
        #expect(read == state)
    }

    @Test("a version 1 state with every field away from its start decodes to the screen version 1 showed")
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

    @Test("a state is written whole: its version and every field, optional ones aside while nil")
    func writtenWhole() throws {
        let data = try JSONEncoder().encode(AppFixtures.state(size: Self.size))
        guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: data),
              case .object(let list)? = object["list"] else { Issue.record("not an object"); return }
        #expect(object["version"] == .integer(SessionSnapshot.version))
        for field in ["scanGeneration", "watched", "watchWrites", "hasViews", "canOrder", "downloads", "knownMedia"] {
            #expect(object[field] != nil, "\(field)")
        }
        for field in ["firstIndex", "scope", "scopeTrail", "order", "filter", "refreshCount", "isRefreshDue"] {
            #expect(list[field] != nil, "list.\(field)")
        }
        #expect(try JSONDecoder().decode(AppState.self, from: data) == AppFixtures.state(size: Self.size))
    }

    @Test("a session of a later version is moved aside with one line that says so, and the app starts afresh")
    func laterVersion() throws {
        let folder = try TempFolder(prefix: "spindle-later-session")
        let store = SessionStore(directory: folder.path)
        var state = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(AppFixtures.state(size: Self.size)))
        if case .object(var object) = state {
            object["version"] = .integer(SessionSnapshot.version + 1)
            state = .object(object)
        }
        let snapshot = JSONValue.object(["generation": .integer(1), "state": state])
        let directory = store.sessionDirectory(forCatalog: nil)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try JSONEncoder().encode(snapshot).write(to: URL(fileURLWithPath: directory + "/snapshot.json"))
        let session = AppSession.start(store: store, catalog: nil, fresh: false, pageSize: 50, size: Self.size, now: 1_000)
        #expect(!session.isResumed)
        #expect(session.notices.count == 1)
        #expect(session.notices.first?.contains("written by a later spindle (version \(SessionSnapshot.version + 1)") == true,
                "\(session.notices)")
        #expect(session.state.list.items.isEmpty)
    }

    @Test("a version 1 state that has a field under both its names is refused, not guessed")
    func bothNames() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("state-v1.json"))
        guard case .object(var object) = try JSONDecoder().decode(JSONValue.self, from: data) else { Issue.record("not an object"); return }
        object["watched"] = .array([])
        let twice = try JSONEncoder().encode(JSONValue.object(object))
        #expect(throws: (any Error).self) { try JSONDecoder().decode(AppState.self, from: twice) }
    }

    @Test("a version 1 player without media, volume, tracks or playback fields resumes as a title without media does")
    func playerOfVersion1() throws {
        var state = AppFixtures.state(size: Self.size)
        AppReducer.reduce(&state, .playerOpened)
        let player = try #require(state.player)
        guard case .object(var written) = try SessionSnapshot.encoded(player),
              case .object(var object) = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("state-v1.json")))
        else { Issue.record("not objects"); return }
        for field in ["media", "volume", "isMuted", "keepsVolume", "tracks", "playback", "keepsPlayback"] {
            #expect(written.removeValue(forKey: field) != nil, "\(field)")
        }
        object["player"] = .object(written)
        let decoded = try JSONDecoder().decode(AppState.self, from: JSONEncoder().encode(JSONValue.object(object)))
        var expected = player
        expected.media = .ready
        expected.volume = 100
        expected.isMuted = false
        expected.keepsVolume = false
        expected.tracks = []
        expected.playback = PlaybackChoice()
        expected.keepsPlayback = false
        #expect(decoded.player == expected)
    }
}
