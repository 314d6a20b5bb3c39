import Browser
import Catalog
import Foundation
import Player
import SpinTesting
import SpindleUITesting
import Synchronization
import Terminal
import Testing
@testable import AppCore

/// What was watched, kept in a `WatchStore` (the library) rather than the session alone: as
/// playback goes, at the credits, with `w`, and read back by a fresh session.
@Suite("Watch state kept by the library (virtual time)")
struct WatchStateTests {
    /// A store in memory, as the library's table would hold it.
    final class MemoryStore: WatchStore {
        let marks = Mutex<[String: WatchMark]>([:])
        func allMarks() async throws -> [String: WatchMark] {
            marks.withLock { $0.filter { $0.value.position > 0 || $0.value.watched } }
        }
        func save(_ new: [String: WatchMark]) async throws {
            marks.withLock { $0.merge(new) { $1 } }
        }
        subscript(id: String) -> WatchMark? { marks.withLock { $0[id] } }
        /// The shows and seasons marked, in order.
        let groups = Mutex<[GroupWatchMark]>([])
        func mark(_ mark: GroupWatchMark) async throws {
            groups.withLock { $0.append(mark) }
        }
    }

    static let titles = (0..<10).map { index in
        Title(id: "t\(index)", title: "Title \(index)", year: 2000, genre: "Drama",
              duration: 600, introStart: 20, introEnd: 50, creditsStart: 560)
    }

    /// The app on `titles` (10 ms a page, on virtual time) with `store` as its library, its first page in.
    static func makeDriver(store: any WatchStore, titles: [Title] = Self.titles) async -> HeadlessDriver<AppState, AppEvent> {
        await AppFixtures.driver(settle: .milliseconds(10), watchStore: store) {
            RecordingProvider(titles: titles, latency: .milliseconds(10), clock: $0.clock)
        }.driver
    }

    @Test("w on a show's row marks all its episodes in the library, and the row says ✓ at once; again, none")
    func showRow() async {
        let store = MemoryStore()
        let group = TitleGroup.show("Harbor", seasons: 2, episodes: 6, progress: GroupProgress(watched: 2, inProgress: 1))
        let show = Title(id: "show\u{1}Harbor", title: "Harbor", year: 2010, genre: "2 seasons", duration: 0, introStart: 0,
                         introEnd: 0, creditsStart: 0, group: group)
        let driver = await Self.makeDriver(store: store, titles: [show] + Self.titles)
        #expect(driver.text.contains("◐ 2 / 6"), "\(driver.text)")
        await driver.press(.character("w"))
        #expect(driver.text.contains("✓ 6 / 6"), "\(driver.text)")
        #expect(driver.state?.watched.contains(show.id) == false, "a group's mark is its episodes', never its own")
        await driver.press(.character("w"))
        #expect(driver.text.contains("6 ep"), "\(driver.text)")
        await driver.advance(by: .milliseconds(20))
        #expect(store.groups.withLock { $0.map(\.watched) } == [true, false])
        #expect(store.groups.withLock { $0.first?.group.show } == "Harbor")
    }

    @Test("while a title plays its position is kept every 15 s; a fresh session shows ◐ and offers to resume")
    func positionKeptAsPlaybackGoes() async {
        let store = MemoryStore()
        let driver = await Self.makeDriver(store: store)
        await driver.press(.enter)
        await driver.advance(by: .seconds(47))
        // The intro skipped itself on the way: the player is past 60 s.
        let playing = driver.state?.player?.position ?? 0
        let kept = store["t0"]?.position ?? 0
        #expect(kept > 0 && playing - kept < AppReducer.playbackSaveInterval, "kept while playing, with no exit: \(kept) of \(playing)")

        // A new session (as after kill -9 and --fresh): nothing in its own state.
        let fresh = await Self.makeDriver(store: store)
        #expect(fresh.state?.positions["t0"] != nil)
        #expect(fresh.text.contains("◐"))
        await fresh.press(.enter)
        #expect(fresh.state?.resumeOffer?.title.id == "t0")
    }

    @Test("reaching the credits marks the title watched (✓), forgetting its position")
    func creditsMarkWatched() async {
        let store = MemoryStore()
        let driver = await Self.makeDriver(store: store)
        await driver.press(.enter)
        for _ in 0..<9 { await driver.press(.up) }
        await driver.advance(by: .seconds(2))
        #expect(store["t0"] == WatchMark(watched: true))
        await driver.press(.escape)
        #expect(driver.text.contains("✓"))
        let fresh = await Self.makeDriver(store: store)
        #expect(fresh.state?.watched == ["t0"])
        #expect(fresh.text.contains("✓ seen"))
    }

    @Test("w marks the selected title watched, and again not watched; the store follows")
    func wToggles() async {
        let store = MemoryStore()
        let driver = await Self.makeDriver(store: store)
        await driver.press(.down, .character("w"))
        await driver.advance(by: .milliseconds(1))
        #expect(driver.state?.watched == ["t1"])
        #expect(store["t1"] == WatchMark(watched: true))
        #expect(driver.screen.rowText(3).contains("✓ seen"), "the row is drawn again with its mark")
        await driver.press(.character("w"))
        await driver.advance(by: .milliseconds(1))
        #expect(driver.state?.watched == [])
        #expect(store["t1"] == WatchMark(watched: false))
        #expect(!driver.text.contains("✓"))
    }

    @Test("the library's marks join the session's: the library wins, the session's others are given to it")
    func marksJoin() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        state.positions = ["a": 100, "b": 200]
        AppReducer.reduce(&state, .watchMarksLoaded(["a": WatchMark(watched: true), "c": WatchMark(position: 50)]))
        #expect(state.positions == ["b": 200, "c": 50])
        #expect(state.watched == ["a"])
        #expect(state.watchWrites.changes(after: 0) == ["b": WatchMark(position: 200)])
    }
}

@Suite("Rows that say what they are")
struct RowMarkTests {
    @Test("at 60 columns, where the genre does not show, an unreadable title is marked ! at its row's end")
    func brokenMarkWhenNarrow() {
        let broken = Title(id: "b", title: "Broken Film", year: 2010, genre: "unreadable", duration: 0, introStart: 0,
                           introEnd: 0, creditsStart: 0,
                           media: TitleMedia(video: "/m/b.mkv", knowsDuration: false, problem: "Invalid data"))
        for columns in [60, 100] {
            var state = AppState(list: ListState(pageSize: 50), size: Size(rows: 24, columns: columns))
            AppReducer.reduce(&state, .resized(state.size))
            AppFixtures.loadNextPage(&state, from: [broken] + Array(EmbeddedCatalog.titles.prefix(5)))
            let row = AppFixtures.render(state).rowText(2)
            let genreShows = row.contains("unreadable")
            #expect(genreShows || row.trimmingCharacters(in: .whitespaces).hasSuffix("!"), "\(columns): \(row)")
        }
    }
}
