import Browser
import Spin
import SpinJournal
import Terminal

/// Starting the app on its saved session: restore (snapshot + journal folded through the
/// reducer), resume (`AppState.resumed(size:)`), and the journal to keep writing. A session that
/// cannot be read is moved aside and the app starts afresh; either way the notices say what
/// happened, in one line each, for the user to read after the app exits.
///
///     let start = AppSession.start(store: store, catalog: nil, fresh: false, initialState: AppState(), size: size)
///     let app = SpindleApp(..., initialState: start.state, session: [start.journal.feedback(durable: AppSession.durable)])
package struct AppSession: Sendable {
    /// The state to start from: resumed, or `initialState` laid out for the screen.
    package var state: AppState
    /// Whether `state` continues a saved session.
    package var isResumed: Bool
    /// The session's journal: its feedback keeps the session.
    package var journal: Journal<AppState, AppEvent>
    /// What the user should know ("the saved session was moved aside: …"), one line each.
    package var notices: [String]
    /// The restore this session continues, if any (its journal goes on after it).
    var restore: JournalRestore<AppState>?

    /// The feedback that keeps the session: the journal goes on after the restored entries,
    /// with `sessionResumed` first (no snapshot of a large state at start), or starts from a
    /// snapshot of `state` when there is nothing to go on from.
    ///
    ///     SpindleApp(..., initialState: session.state, session: [session.feedback()])
    package func feedback() -> Feedback<AppState, AppEvent> {
        journal.feedback(continuing: restore, prologue: isResumed ? [.sessionResumed(state.size)] : [],
                         durable: Self.durable)
    }

    /// Restores the session on `catalog` (nil: the embedded catalog), or moves it aside and
    /// starts afresh when `fresh` is set or the session cannot be read.
    /// A new session's list asks for `pageSize` titles a page and keeps at most `maximumLoaded`
    /// loaded; a resumed one keeps its own.
    package static func start(store: SessionStore, catalog: String?, fresh: Bool, pageSize: Int,
                             maximumLoaded: Int = ListState.defaultMaximumLoaded, size: Size, now: Int? = nil) -> AppSession {
        let initialState = AppState(list: ListState(pageSize: pageSize, maximumLoaded: maximumLoaded), size: size)
        var notices: [String] = []
        let journal = store.journal(forCatalog: catalog)
        func moveAside() -> String? {
            now.map { store.moveAside(catalog: catalog, now: $0) } ?? store.moveAside(catalog: catalog)
        }
        var freshState = initialState
        AppReducer.reduce(&freshState, .resized(size))
        // `--fresh` never restores, even when the old session cannot be moved aside.
        if fresh {
            if let aside = moveAside() { notices.append("the previous session was moved to \(aside)") }
            return AppSession(state: freshState, isResumed: false, journal: journal, notices: notices, restore: nil)
        }
        do {
            let restored = try journal.restore(initialState: initialState, reducer: AppReducer.unchecked)
            if let torn = restored.tornLine { notices.append("\(torn)") }
            // A saved state that breaks a rule (an edited or damaged file) is not resumed.
            if let broken = restored.state.brokenInvariants.first {
                let aside = moveAside().map { "moved to \($0)" } ?? "left where it is"
                notices.append("the saved session does not hold together (\(broken)); it was \(aside), and this one starts afresh")
                return AppSession(state: freshState, isResumed: false, journal: journal, notices: notices, restore: nil)
            }
            if restored.isResumed {
                var state = restored.state
                AppReducer.reduce(&state, .sessionResumed(size))
                return AppSession(state: state, isResumed: true, journal: journal, notices: notices, restore: restored)
            }
        } catch {
            let aside = moveAside().map { "moved to \($0)" } ?? "left where it is"
            notices.append("the saved session could not be read (\(error)); it was \(aside), and this one starts afresh")
        }
        return AppSession(state: freshState, isResumed: false, journal: journal, notices: notices, restore: nil)
    }

    /// The events worth keeping: all but the HUD's and the seek preview's auto-hide,
    /// presentation timers (a resumed player shows its HUD anyway), the pointer's moves over the
    /// bar (many a second, and they only preview), the scan's progress (each start scans anew),
    /// and pictures.
    package static let durable: @Sendable (AppEvent) -> AppEvent? = { event in
        switch event {
        // The downloads' news come again from the downloads spin, which keeps its own journal.
        case .player(.hudTimedOut), .player(.seekPreviewTimedOut), .player(.barHovered), .scanProgressed, .rescanRequested, .download: nil
        // Pictures are made again from the cache: never kept in the journal.
        case .artLoaded, .cardArtLoaded, .seekPreviewLoaded: nil
        default: event
        }
    }
}
