import Browser
import Catalog
import Spin

/// The app's effects.
package enum AppFeedbacks {
    /// Loads the page the list asks for (`pageToLoad`), once per request; a new query changes
    /// the request, which cancels the old load so its result never arrives.
    package static func pageLoading(_ provider: some PageProvider) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.list.pageToLoad }, effects: { request async -> AppEvent? in
            do {
                let page = try await provider.page(request)
                return .list(.pageLoaded(page, for: request))
            } catch is CancellationError {
                return nil
            } catch {
                return .list(.pageFailed(String(describing: error), for: request))
            }
        })
    }

    /// Asks the catalog for the title after the one playing, when up next needs it and the list
    /// had not loaded it (`PlayerState.upNextLookup`). A failure means no up next, not an error
    /// on the player's screen.
    package static func upNextLookup(_ provider: some PageProvider) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.player?.upNextLookup }, effects: { lookup async -> AppEvent? in
            do {
                let next = try await provider.title(after: lookup.titleID, query: lookup.query)
                return .player(.nextTitleFound(next, after: lookup.titleID))
            } catch is CancellationError {
                return nil
            } catch {
                return .player(.nextTitleFound(nil, after: lookup.titleID))
            }
        })
    }
}
