import Browser
import Catalog
import Spin
import SpinTesting
import SpindleUITesting
import Terminal
@testable import AppCore

/// States built the way the app builds them: through the reducer, from events.
enum AppFixtures {
    static func state(size: Size, pages: Int = 1, pageSize: Int = 50) -> AppState {
        var state = AppState(list: ListState(pageSize: pageSize), size: size)
        AppReducer.reduce(&state, .resized(size))
        for _ in 0..<pages { loadNextPage(&state) }
        return state
    }

    /// Answers the page the list asks for from the embedded catalog (or `titles`).
    static func loadNextPage(_ state: inout AppState, from titles: [Title] = EmbeddedCatalog.titles) {
        guard let request = state.list.pageToLoad, case .offset(let start) = request.cursor else { return }
        let end = min(start + request.pageSize, titles.count)
        let page = Page(items: Array(titles[start..<end]), next: end < titles.count ? .offset(end) : nil)
        AppReducer.reduce(&state, .list(.pageLoaded(page, for: request)))
    }

    static func send(_ keys: [Key], to state: inout AppState, keys table: AppKeyTable = .standard) {
        send(keys.map { .key($0) }, to: &state, keys: table)
    }

    static func send(_ inputs: [InputEvent], to state: inout AppState, keys table: AppKeyTable = .standard) {
        for input in inputs {
            if let event = KeyMap.event(for: input, in: state, keys: table) { AppReducer.reduce(&state, event) }
        }
    }

    /// Types `text` a character at a time.
    static func type(_ text: String, to state: inout AppState) {
        send(text.map { Key.character($0) }, to: &state)
    }

    static func render(_ state: AppState, tick: Int = 0, preferences: AppPreferences = .standard) -> HeadlessScreen {
        let screen = HeadlessScreen(size: state.size)
        screen.frame { AppView.render(state, on: $0, tick: tick, preferences: preferences) }
        return screen
    }

    /// The app on a headless screen with virtual time, started, and `settle` later (a first page
    /// that takes as long has come): how every test of the whole app drives it.
    ///
    ///     let (driver, provider) = await AppFixtures.driver(settle: .milliseconds(150)) {
    ///         RecordingProvider(titles: titles, latency: .milliseconds(150), clock: $0.clock)
    ///     }
    static func driver<Provider: PageProvider>(
        size: Size = Size(rows: 24, columns: 80), pageSize: Int = 50, settle: Duration = .zero,
        initialState: AppState? = nil, session: [Feedback<AppState, AppEvent>] = [],
        downloads: AppDownloads? = nil, watchStore: (any WatchStore)? = nil,
        provider makeProvider: (VirtualTime) -> Provider
    ) async -> (driver: HeadlessDriver<AppState, AppEvent>, provider: Provider) {
        let time = VirtualTime()
        let provider = makeProvider(time)
        let screen = HeadlessScreen(size: size)
        let app = SpindleApp(screen: screen, provider: provider, pageSize: pageSize, clock: time.clock,
                             effectExecutor: time.executor, initialState: initialState, session: session,
                             downloads: downloads, watchStore: watchStore)
        let driver = HeadlessDriver(ui: app.ui, spin: app.spin, time: time, screen: screen)
        await driver.start()
        if settle > .zero { await driver.advance(by: settle) }
        return (driver, provider)
    }
}

extension KeyMap {
    /// The event a key means (most tests press keys, not other input).
    static func event(for key: Key, in state: AppState, keys: AppKeyTable = .standard) -> AppEvent? {
        event(for: .key(key), in: state, keys: keys)
    }
}
