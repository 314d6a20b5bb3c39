import Browser
import Catalog
import Downloads
import Player
import Spin
import SpinJournal
import SpindleUI
import Terminal

/// The whole app, wired: a spin of `AppState` with the UI feedback, the page loader and the
/// player's feedbacks.
///
///     let effects = EffectThread()
///     let app = SpindleApp(screen: try TerminalScreen(), provider: provider, effects: effects)
///     app.run()
package final class SpindleApp {
    package let ui: TerminalUI<AppState, AppEvent>
    package let spin: Spin<AppState, AppEvent>

    /// Effects run on `effects` and wait on its clock, so the app never wakes up while idle.
    ///
    /// - Parameters:
    ///   - initialState: where to start (a resumed session); a fresh list by default.
    ///   - session: more feedbacks, such as the session's journal or a recorder.
    ///   - downloads: the downloads spin run beside the app's (`d`, `c`, `o`); none by default.
    ///   - engine: plays the titles (a `MediaRouter` plays titles with media in mpv); the
    ///     simulated engine by default.
    ///   - watchStore: where what was watched is kept beyond the session (a library); none by
    ///     default (the session's journal alone keeps it).
    ///   - preferences: the configuration's keys and theme; the defaults by default.
    package convenience init(
        screen: any Screen, provider: some PageProvider, pageSize: Int = 50, effects: EffectThread,
        engine: some PlayerEngine = SimulatedEngine(),
        initialState: AppState? = nil, session: [Feedback<AppState, AppEvent>] = [], downloads: AppDownloads? = nil,
        watchStore: (any WatchStore)? = nil, preferences: AppPreferences = .standard
    ) {
        self.init(screen: screen, provider: provider, pageSize: pageSize, clock: effects.clock, effectExecutor: effects,
                  engine: engine, initialState: initialState, session: session, downloads: downloads, watchStore: watchStore,
                  preferences: preferences)
    }

    /// - Parameter effectExecutor: where effects run (tests pass a serial one to control time).
    package init(
        screen: any Screen, provider: some PageProvider, pageSize: Int,
        clock: any Clock<Duration>, effectExecutor: (any TaskExecutor)?,
        engine: some PlayerEngine = SimulatedEngine(),
        initialState: AppState? = nil, session: [Feedback<AppState, AppEvent>] = [], downloads: AppDownloads? = nil,
        watchStore: (any WatchStore)? = nil, preferences: AppPreferences = .standard
    ) {
        let ui = TerminalUI(screen: screen, view: Self.view(preferences))
        self.ui = ui
        var initial = initialState ?? AppState(list: ListState(pageSize: pageSize), size: screen.size)
        initial.upNextAsksTheCatalog = !provider.upNextIsTheListsNext
        initial.wantsWatchMarks = watchStore != nil
        initial.hasWatchStore = watchStore != nil
        initial.hasArt = preferences.art != nil
        initial.wantsPlaybackChoices = watchStore != nil
        initial.hasViews = provider.hasScopes
        initial.canOrder = provider.canOrder
        let player = PlayerFeedbacks(engine: engine, player: { (state: AppState) in state.player }, event: AppEvent.player)
        let downloadFeedbacks = downloads?.appFeedbacks(clock: clock, effectExecutor: effectExecutor) ?? []
        spin = Spin(initialState: initial, clock: clock, effectExecutor: effectExecutor) {
            for feedback in session { feedback }
            ui.feedback
            AppFeedbacks.pageLoading(provider)
            AppFeedbacks.upNextLookup(provider)
            AppFeedbacks.facetsLoading(provider)
            for feedback in player.all { feedback }
            for feedback in downloadFeedbacks { feedback }
            if let watchStore {
                AppFeedbacks.loadingWatchMarks(watchStore)
                AppFeedbacks.savingWatchMarks(watchStore)
                AppFeedbacks.savingGroupMarks(watchStore)
                AppFeedbacks.loadingPlaybackChoices(watchStore)
                AppFeedbacks.savingPlaybackChoices(watchStore)
            }
            AppReducer.reducer
        }
    }

    /// Plays `recording` back on `clock`: its events at their times, with no effects of its
    /// own (their results are among the recorded events) and no keys but quit.
    ///
    ///     let app = SpindleApp(screen: screen, replaying: try .load(fromFile: "run.jsonl"), effects: effects)
    package init(screen: any Screen, replaying recording: Recording<AppState, AppEvent>, effects: EffectThread,
                 preferences: AppPreferences = .standard) {
        let ui = TerminalUI(screen: screen, view: Self.replayView(preferences))
        self.ui = ui
        spin = Spin(initialState: recording.initialState, clock: effects.clock, effectExecutor: effects) {
            ui.feedback
            recording.replay()
            AppReducer.reducer
        }
    }

    /// The app's view during a replay: q or Ctrl+C stop it; no other key reaches the state.
    static func replayView(_ preferences: AppPreferences) -> TerminalView<AppState, AppEvent> {
        let view = view(preferences)
        return TerminalView<AppState, AppEvent>(
            render: view.render,
            keyMap: { input, _ in input == .key(.character("q")) || input == .key(.control("c")) ? .quitRequested : nil },
            isAnimating: view.isAnimating,
            animationInterval: view.animationInterval,
            tracksMouseMotion: view.tracksMouseMotion
        )
    }

    /// Runs until the user quits, on this thread (which owns the screen).
    package func run() {
        ui.run(spin, until: \.isQuitting)
        spin.stop()
    }

    /// The app's view with the configuration's keys and styles (made once, read every frame).
    package static func view(_ preferences: AppPreferences = .standard) -> TerminalView<AppState, AppEvent> {
        let keys = preferences.keys
        return TerminalView<AppState, AppEvent>(
            render: { state, canvas, tick in AppView.render(state, on: canvas, tick: tick, preferences: preferences) },
            // Runs at reduce time, with the state the input is reduced on (`TerminalUI`).
            keyMap: { input, state in KeyMap.event(for: input, in: state, keys: keys) },
            isAnimating: { state in
                state.list.isLoading && state.player == nil && state.list.detail == nil && !state.isTooSmall
            },
            animationInterval: Theme.spinner.interval,
            tracksMouseMotion: { $0.tracksMouseMotion }
        )
    }
}
