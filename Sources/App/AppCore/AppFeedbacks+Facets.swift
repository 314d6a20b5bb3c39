import Catalog
import Spin

extension AppFeedbacks {
    /// Reads the catalog's genres and decades while the filter picker waits for them; closing
    /// the picker cancels the read, and its answer is not reduced.
    static func facetsLoading(_ provider: some PageProvider) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.filterPicker?.isLoading == true ? true : nil }, effects: { _ async -> AppEvent? in
            do {
                return .facetsLoaded(try await provider.facets())
            } catch is CancellationError {
                return nil
            } catch {
                return .facetsFailed(String(describing: error))
            }
        })
    }
}
