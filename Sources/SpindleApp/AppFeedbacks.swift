import Browser
import Catalog
import Spin

/// The app's effects.
public enum AppFeedbacks {
    /// Loads the page the list asks for (`pageToLoad`), once per request; a new query changes
    /// the request, which cancels the old load so its result never arrives.
    public static func pageLoading(_ provider: some PageProvider) -> Feedback<AppState, AppEvent> {
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
}
