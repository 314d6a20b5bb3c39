import Browser
import Catalog
import Spin
import SpindleUI
import Terminal

/// The whole app, wired: a spin of `AppState` with the UI feedback and the page loader.
///
///     let app = SpindleApp(screen: try TerminalScreen(), provider: provider)
///     app.run()
public final class SpindleApp {
    public let ui: TerminalUI<AppState, AppEvent>
    public let spin: Spin<AppState, AppEvent>

    public convenience init(
        screen: any Screen, provider: some PageProvider, pageSize: Int = 50,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(screen: screen, provider: provider, pageSize: pageSize, clock: clock, effectExecutor: nil)
    }

    /// - Parameter effectExecutor: where effects run (tests pass a serial one to control time).
    package init(
        screen: any Screen, provider: some PageProvider, pageSize: Int,
        clock: any Clock<Duration>, effectExecutor: (any TaskExecutor)?
    ) {
        let ui = TerminalUI(screen: screen, view: Self.view)
        self.ui = ui
        let initial = AppState(list: ListState(pageSize: pageSize), size: screen.size)
        let definition = SpinDefinition(
            feedbacks: [ui.feedback, AppFeedbacks.pageLoading(provider)],
            reducer: AppReducer.reducer
        )
        spin = Spin(initialState: initial, definition: definition, clock: clock, effectExecutor: effectExecutor)
    }

    /// Runs until the user quits, on this thread (which owns the screen).
    public func run() {
        ui.run(spin, until: \.isQuitting)
        spin.stop()
    }

    public static let view = TerminalView<AppState, AppEvent>(
        render: { state, canvas, tick in BrowserView.render(state, on: canvas, tick: tick) },
        keyMap: { key, state in KeyMap.event(for: key, in: state) },
        isAnimating: { state in state.list.isLoading && state.list.detail == nil && !state.isTooSmall }
    )
}
