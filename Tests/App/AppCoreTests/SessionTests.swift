import Browser
import Catalog
import Foundation
import Player
import Spin
import SpinJournal
import SpinTesting
import SpindleUITesting
import Terminal
import TestSupport
import Testing
@testable import AppCore

/// Sessions: resuming from a folded state, positions ("continue watching"), and the journal and
/// recordings of the real app on virtual time.
@Suite("Sessions")
struct SessionTests {
    static let size = Size(rows: 24, columns: 80)
    static let titles = PlayerFeedbackTests.titles

    /// The state after `events`, from a fresh list with a page of the test titles loaded.
    func folded(_ events: [AppEvent]) -> AppState {
        var state = AppFixtures.state(size: Self.size, pages: 0)
        AppFixtures.loadNextPage(&state, from: Self.titles)
        for event in events { AppReducer.reduce(&state, event) }
        return state
    }

    func temporaryDirectory() throws -> String {
        try TempFolder.make(prefix: "spindle-session")
    }

    @Test("resumed: same selection and query, the player paused where it was, help closed, not quitting, today's size")
    func resumedState() {
        var last = folded([.list(.selectionMoved(.down)), .list(.selectionMoved(.down)), .playerOpened])
        for second in 1...125 { AppReducer.reduce(&last, .player(.positionAdvanced(to: second))) }
        AppReducer.reduce(&last, .helpToggled)
        AppReducer.reduce(&last, .quitRequested)
        #expect(last.player?.isPlaying == true)

        let resumed = last.resumed(size: Size(rows: 40, columns: 120))
        #expect(resumed.list.selection == 2)
        #expect(resumed.player?.title.id == last.list.items[2].id)
        #expect(resumed.player?.position == 125)
        #expect(resumed.player?.isPlaying == false)
        #expect(resumed.player?.isHUDVisible == true)
        #expect(!resumed.isHelpShown && !resumed.isQuitting)
        #expect(resumed.size == Size(rows: 40, columns: 120))
        #expect(resumed.list.viewportRows == Layout.listRows(for: Size(rows: 40, columns: 120)))
    }

    @Test("resumed: a page that was loading is asked for again")
    func loadingPageResumes() {
        var state = AppState(list: ListState(pageSize: 50), size: Self.size)
        AppReducer.reduce(&state, .resized(Self.size))
        let request = state.list.pageToLoad
        #expect(request != nil)
        #expect(state.resumed(size: Self.size).list.pageToLoad == request)
    }

    @Test("leaving a title remembers where; the list marks it; playing it again offers to resume or start over")
    func continueWatching() {
        var state = folded([.list(.selectionMoved(.down)), .playerOpened])
        let title = state.list.items[1]
        for second in 1...200 { AppReducer.reduce(&state, .player(.positionAdvanced(to: second))) }
        AppReducer.reduce(&state, .player(.backRequested))
        #expect(state.player == nil)
        #expect(state.positions == [title.id: 200])
        #expect(AppFixtures.render(state).rowText(3).contains("◐ 33%"))

        AppReducer.reduce(&state, .playerOpened)
        #expect(state.player == nil)
        #expect(state.resumeOffer == ResumeOffer(title: title, position: 200))
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("Resume from 3:20 · Start over"))
        #expect(screen.rowText(23).contains("Enter, r resume where you left off"))
        #expect(KeyMap.event(for: .enter, in: state) == .resumeAnswered(.resume))
        #expect(KeyMap.event(for: .character("s"), in: state) == .resumeAnswered(.startOver))

        var resumed = state
        AppReducer.reduce(&resumed, .resumeAnswered(.resume))
        #expect(resumed.player?.position == 200 && resumed.player?.isPlaying == true)
        #expect(resumed.resumeOffer == nil)

        var over = state
        AppReducer.reduce(&over, .resumeAnswered(.startOver))
        #expect(over.player?.position == 0)
        #expect(over.positions.isEmpty)

        var dismissed = state
        AppReducer.reduce(&dismissed, .resumeAnswered(.dismissed))
        #expect(dismissed.player == nil && dismissed.resumeOffer == nil && dismissed.positions[title.id] == 200)
    }

    @Test("a title watched into its credits, or for a few seconds only, is not offered to resume")
    func creditsForget() {
        var state = folded([.playerOpened])
        AppReducer.reduce(&state, .player(.positionAdvanced(to: 5)))
        AppReducer.reduce(&state, .player(.backRequested))
        #expect(state.positions.isEmpty)
        AppReducer.reduce(&state, .playerOpened)
        AppReducer.reduce(&state, .player(.positionAdvanced(to: 570)))   // credits start at 560
        AppReducer.reduce(&state, .player(.backRequested))
        #expect(state.positions.isEmpty)
    }

    @Test("quitting from the player: the next session opens it again, paused where it was")
    func quitFromPlayerReopens() {
        var state = folded([.list(.selectionMoved(.down)), .playerOpened])
        for second in 1...90 { AppReducer.reduce(&state, .player(.positionAdvanced(to: second))) }
        AppReducer.reduce(&state, .player(.quitRequested))
        #expect(state.isQuitting && state.player == nil)
        let resumed = state.resumed(size: Self.size)
        #expect(resumed.player?.title.id == "t1")
        #expect(resumed.player?.position == 90)
        #expect(resumed.player?.isPlaying == false)
        #expect(resumed.titleOpenAtQuit == nil)
    }

    @Test("the app's state and events survive JSON: keys with characters, pastes, mouse reports and resizes included")
    func codableRoundTrip() throws {
        var state = folded([.list(.searchOpened), .searchKeyPressed(.key(.character("é"))), .playerOpened])
        state.positions["t3"] = 42
        let decoded = try JSONDecoder().decode(AppState.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
        let keys: [Key] = [.character("q"), .character("👍🏽"), .control("c"), .enter, .pageDown, .function(5),
                           .alt(.character("b")), .alt(.backspace), .unknown(code: 999, name: nil), .unknown(code: 1, name: "KEY_X")]
        let others: [InputEvent] = [
            .resize(Size(rows: 3, columns: 4)), .paste("two\nlines"),
            .mouse(MouseEvent(action: .press(.left), position: Position(row: 2, column: 5), modifiers: .shift)),
            .mouse(MouseEvent(action: .wheelDown, position: Position(row: 0, column: 0))),
            .mouse(MouseEvent(action: .press(.right), position: Position(row: 1, column: 1), clickCount: 2)),
        ]
        let events = (keys.map { .key($0) } + others).map(AppEvent.searchKeyPressed) + [.resumeAnswered(.startOver), .player(.seekRequested(by: -10)),
            .searchPasted("a\nb"), .list(.selectionMoved(.by(-3))), .list(.selectionMoved(.to(7))), .player(.jumpRequested(to: 30))]
        #expect(try JSONDecoder().decode([AppEvent].self, from: JSONEncoder().encode(events)) == events)
        #expect(String(decoding: try JSONEncoder().encode(Key.alt(.character("b"))), as: UTF8.self) == #"{"alt":{"character":"b"}}"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Key.self, from: Data(#"{"character":"ab"}"#.utf8)) }
    }

    @Test("search input in a session written when Key held pastes and mouse reports reads back the same")
    func searchInputRecordedBefore() throws {
        // Journal lines as they were written then: a key, and a paste the key map sent as a key.
        let lines = [
            #"{"searchKeyPressed":{"_0":{"character":"q"}}}"#,
            #"{"searchKeyPressed":{"_0":"backspace"}}"#,
            #"{"searchKeyPressed":{"_0":{"paste":"two\nlines"}}}"#,
        ]
        let events = try lines.map { try JSONDecoder().decode(AppEvent.self, from: Data($0.utf8)) }
        #expect(events == [.searchKeyPressed(.key(.character("q"))), .searchKeyPressed(.key(.backspace)),
                           .searchKeyPressed(.paste("two\nlines"))])
        // And they are written the same way today.
        #expect(try events.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) } == lines)
    }

    /// The app on virtual time with `session` feedbacks (a journal, a recorder).
    func makeDriver(initialState: AppState? = nil, session: [Feedback<AppState, AppEvent>]) async -> HeadlessDriver<AppState, AppEvent> {
        await AppFixtures.driver(size: Self.size, pageSize: 20, settle: .milliseconds(150), initialState: initialState,
                                 session: session) {
            RecordingProvider(titles: Self.titles, latency: .milliseconds(150), clock: $0.clock)
        }.driver
    }

    /// Scrolls far enough to load more pages, plays a title for a while, searches.
    func browse(_ driver: HeadlessDriver<AppState, AppEvent>) async {
        for _ in 0..<30 { await driver.press(.down) }
        await driver.advance(by: .milliseconds(300))
        await driver.press(.enter)
        await driver.advance(by: .seconds(65))          // the intro's countdown, the skip, playback
        await driver.press(.right, .right)
        await driver.advance(by: .seconds(5))
    }

    @Test("the app's journal folds back into the state it had, and the next start resumes there")
    func journalRoundTrip() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = SessionStore(directory: directory)
        let first = AppSession.start(store: store, catalog: nil, fresh: false, pageSize: 20, size: Self.size)
        #expect(!first.isResumed)
        let driver = await makeDriver(initialState: first.state, session: [first.feedback()])
        await browse(driver)
        let live = try #require(driver.state)
        #expect(live.player?.position ?? 0 > 60)
        driver.spin.stop()

        let second = AppSession.start(store: store, catalog: nil, fresh: false, pageSize: 20, size: Self.size)
        #expect(second.isResumed)
        #expect(second.notices.isEmpty)
        #expect(second.state == live.resumed(size: Self.size))
        #expect(second.state.list.selection == 30)
        #expect(second.state.player?.isPlaying == false)

        // The second session goes on in the same journal, after a `sessionResumed`.
        let again = await makeDriver(initialState: second.state, session: [second.feedback()])
        await again.press(.character(" "))                          // play on
        await again.advance(by: .seconds(10))
        await again.press(.escape)                         // back to the list: the position is kept
        let live2 = try #require(again.state)
        again.spin.stop()
        let third = AppSession.start(store: store, catalog: nil, fresh: false, pageSize: 20, size: Self.size)
        #expect(third.state == live2.resumed(size: Self.size))
        #expect(third.state.positions[live.player!.title.id] == live2.positions[live.player!.title.id])
        #expect(third.state.positions.count == 1)
        let journal = try String(contentsOfFile: store.sessionDirectory(forCatalog: nil) + "/journal.jsonl", encoding: .utf8)
        #expect(journal.hasPrefix(#"{"generation":1}"#))      // continued, not snapshotted again
        #expect(journal.contains(#"{"sessionResumed":"#))
    }

    @Test("a corrupt session is moved aside with a one-line notice, and the app starts afresh")
    func corruptSessionMovedAside() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = SessionStore(directory: directory)
        let session = store.sessionDirectory(forCatalog: nil)
        try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
        try "{\"generation\":0}\nnot json\n{\"helpToggled\":{}}\n".write(toFile: session + "/journal.jsonl", atomically: true, encoding: .utf8)

        let start = AppSession.start(store: store, catalog: nil, fresh: false, pageSize: 20, size: Self.size, now: 0)
        #expect(!start.isResumed)
        #expect(start.state.list.items.isEmpty)
        #expect(start.notices.count == 1)
        #expect(start.notices[0].contains("journal.jsonl:2: not a valid journal entry"))
        #expect(start.notices[0].contains("moved to \(session).aside-19700101T000000Z"))
        #expect(FileManager.default.fileExists(atPath: session + ".aside-19700101T000000Z/journal.jsonl"))
    }

    @Test("a journal from a version that journaled raw keys (keyPressed) is moved aside with a notice, not folded")
    func journalWithKeyPressedMovedAside() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = SessionStore(directory: directory)
        let session = store.sessionDirectory(forCatalog: nil)
        try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
        let journal = "{\"generation\":0}\n{\"helpToggled\":{}}\n{\"keyPressed\":{\"_0\":{\"character\":{\"_0\":\"q\"}}}}\n"
        try journal.write(toFile: session + "/journal.jsonl", atomically: true, encoding: .utf8)

        let start = AppSession.start(store: store, catalog: nil, fresh: false, pageSize: 20, size: Self.size, now: 0)
        #expect(!start.isResumed)
        #expect(start.notices.count == 1)
        #expect(start.notices[0].contains("journal.jsonl:3: not a valid journal entry (AppEvent has no such case in this version)"),
                "\(start.notices)")
        #expect(start.notices[0].contains("moved to \(session).aside-19700101T000000Z"))
        #expect(FileManager.default.fileExists(atPath: session + ".aside-19700101T000000Z/journal.jsonl"))
    }

    @Test("--fresh moves the saved session aside rather than deleting it")
    func freshMovesAside() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = SessionStore(directory: directory)
        try FileManager.default.createDirectory(atPath: store.sessionDirectory(forCatalog: "/c.jsonl"), withIntermediateDirectories: true)
        let start = AppSession.start(store: store, catalog: "/c.jsonl", fresh: true, pageSize: 20, size: Self.size, now: 60)
        #expect(start.notices == ["the previous session was moved to \(store.sessionDirectory(forCatalog: "/c.jsonl")).aside-19700101T000100Z"])
        #expect(!start.isResumed)
    }

    @Test("sessions live in XDG_STATE_HOME, else ~/.local/state; one per catalog; the last catalog is remembered")
    func storeLocation() throws {
        #expect(SessionStore(environment: ["XDG_STATE_HOME": "/x", "HOME": "/h"])?.directory == "/x/spindle")
        #expect(SessionStore(environment: ["HOME": "/h"])?.directory == "/h/.local/state/spindle")
        #expect(SessionStore(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.directory == "/h/.local/state/spindle")
        #expect(SessionStore(environment: [:]) == nil)
        let store = SessionStore(directory: "/s")
        #expect(store.sessionDirectory(forCatalog: nil) == "/s/sessions/embedded")
        #expect(store.sessionDirectory(forCatalog: "/a/my films.jsonl").hasPrefix("/s/sessions/my_films.jsonl-"))
        #expect(store.sessionDirectory(forCatalog: "/a/x.jsonl") != store.sessionDirectory(forCatalog: "/b/x.jsonl"))

        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let real = SessionStore(directory: directory)
        #expect(real.lastCatalog() == nil)
        try real.rememberCatalog("/a/b.jsonl")
        #expect(real.lastCatalog() == .some("/a/b.jsonl"))
        try real.rememberCatalog(nil)
        #expect(real.lastCatalog() == .some(nil))
    }

    @Test("one process at a time keeps a session: a second claim is refused while the first holds it")
    func claim() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = SessionStore(directory: directory)
        #expect(store.claim(catalog: nil) == .claimed)
        #expect(store.claim(catalog: nil) == .busy)
        #expect(store.claim(catalog: "/other.jsonl") == .claimed)
        #expect(SessionStore(directory: "/proc/no/such").claim(catalog: nil) != .claimed)
    }

    @Test("a recorded session of the real app, replayed on a virtual clock with no effects, ends in the same state")
    func replayDeterminism() async throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/run.jsonl"
        let driver = await makeDriver(session: [Recording<AppState, AppEvent>.recorder(toFile: file)])
        await browse(driver)
        await driver.press(.escape)
        await driver.press(.character("/"))
        await driver.type("title 1")
        await driver.advance(by: .seconds(1))
        let live = try #require(driver.state)
        driver.spin.stop()

        let recording = try Recording<AppState, AppEvent>.load(fromFile: file)
        let replayed = TestStore(initialState: recording.initialState) {
            recording.replay()
            AppReducer.reducer
        }
        replayed.exhaustivity = .off
        await replayed.advance(by: (recording.events.last?.at ?? .zero) + .seconds(1))
        replayed.skipReceivedEvents()
        #expect(replayed.state == live)
        await replayed.finish()
    }
}
