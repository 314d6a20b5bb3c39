import Browser
import Foundation
import Terminal
import TestSupport
import Testing
@testable import AppCore

/// The session's files under attack or accident: starts in the same second, `--fresh` twice, a
/// journal that is a symbolic link.
@Suite("State files")
struct StateFileSafetyTests {
    static let size = Size(rows: 24, columns: 80)
    /// A journal that restores into a resumed session (one event after the header).
    static let resumable = "{\"generation\":0}\n{\"helpToggled\":{}}\n"

    func start(_ store: SessionStore, fresh: Bool = false, now: Int = 0) -> AppSession {
        AppSession.start(store: store, catalog: nil, fresh: fresh, pageSize: 20, size: Self.size, now: now)
    }

    @Test("a saved state that breaks a rule of the list is not resumed: it is moved aside with one notice naming the rule")
    func inconsistentSnapshotIsMovedAside() throws {
        let folder = try TempFolder(prefix: "spindle-state")
        let store = SessionStore(directory: folder.path)
        let session = store.sessionDirectory(forCatalog: nil)
        var state = AppState(list: ListState(pageSize: 20), size: Self.size)
        AppReducer.reduce(&state, .resized(Self.size))
        // The selection of an empty list, edited to 99.
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as! [String: Any]
        var list = json["list"] as! [String: Any]
        list["selection"] = 99
        json["list"] = list
        let snapshot = try JSONSerialization.data(withJSONObject: ["generation": 0, "state": json])
        try write(String(decoding: snapshot, as: UTF8.self), to: session + "/snapshot.json")
        try write(Self.resumable, to: session + "/journal.jsonl")

        let started = start(store, now: 0)
        #expect(!started.isResumed)
        #expect(started.state.brokenInvariants.isEmpty)
        #expect(started.notices == ["the saved session does not hold together (the selection is on a loaded title (0 when none is loaded)); "
                                    + "it was moved to \(session).aside-19700101T000000Z, and this one starts afresh"])
    }

    @Test("two starts in the same second over an unreadable session keep both sessions aside, neither overwritten")
    func asidesNeverCollide() throws {
        let folder = try TempFolder(prefix: "spindle-state")
        let store = SessionStore(directory: folder.path)
        let session = store.sessionDirectory(forCatalog: nil)
        try write("{\"generation\":0}\nfirst broken\n{}\n", to: session + "/journal.jsonl")
        let first = start(store, now: 0)
        try write("{\"generation\":0}\nsecond broken\n{}\n", to: session + "/journal.jsonl")
        let second = start(store, now: 0)

        #expect(first.notices.count == 1 && second.notices.count == 1)
        #expect(first.notices[0].contains("moved to \(session).aside-19700101T000000Z,"), "\(first.notices)")
        #expect(second.notices[0].contains("moved to \(session).aside-19700101T000000Z-2,"), "\(second.notices)")
        let asides = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/sessions").sorted()
        #expect(asides == ["embedded.aside-19700101T000000Z", "embedded.aside-19700101T000000Z-2"])
        #expect(try String(contentsOfFile: session + ".aside-19700101T000000Z/journal.jsonl", encoding: .utf8)
                    .contains("first broken"))
        #expect(try String(contentsOfFile: session + ".aside-19700101T000000Z-2/journal.jsonl", encoding: .utf8)
                    .contains("second broken"))
    }

    @Test("--fresh twice in the same second starts fresh both times, each old session kept aside")
    func freshTwiceInOneSecond() throws {
        let folder = try TempFolder(prefix: "spindle-state")
        let store = SessionStore(directory: folder.path)
        let session = store.sessionDirectory(forCatalog: nil)
        try write(Self.resumable, to: session + "/journal.jsonl")
        #expect(start(store).isResumed, "the journal resumes when --fresh is not given")

        let first = start(store, fresh: true, now: 60)
        try write(Self.resumable, to: session + "/journal.jsonl")   // what the first fresh run saved
        let second = start(store, fresh: true, now: 60)

        #expect(!first.isResumed)
        #expect(!second.isResumed)
        #expect(first.notices == ["the previous session was moved to \(session).aside-19700101T000100Z"])
        #expect(second.notices == ["the previous session was moved to \(session).aside-19700101T000100Z-2"])
    }

    @Test("a journal that is a symbolic link is refused with a clear notice, and its target is never cut or written")
    func symlinkedJournalIsRefused() throws {
        let folder = try TempFolder(prefix: "spindle-state")
        let store = SessionStore(directory: folder.path)
        let session = store.sessionDirectory(forCatalog: nil)
        // The target ends in a torn line: a followed link would be cut there, then appended to.
        let target = try folder.write(Self.resumable + "precious, no newline", to: "elsewhere/precious.txt")
        try makeFolder(session)
        try FileManager.default.createSymbolicLink(atPath: session + "/journal.jsonl", withDestinationPath: target)

        let started = start(store)
        #expect(!started.isResumed)
        #expect(started.notices.count == 1)
        #expect(started.notices[0].contains("journal.jsonl: cannot be read (it is a symbolic link, which is not followed)"),
                "\(started.notices)")
        #expect(started.notices[0].contains("moved to \(session).aside-"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.resumable + "precious, no newline")
    }
}
