import Downloads
import Spin
import SpinJournal
#if canImport(Glibc)
import Glibc
#endif

/// Starting the downloads on their saved journal: restored (what was running shows
/// interrupted, to resume with `r`) and journaled from then on. A journal that cannot be read is
/// moved aside, as the session's is, never overwritten by the next download: what it knew is
/// rebuilt from the downloads folder itself (`DownloadSource.storedTitles()`), so that a stored
/// file is not orphaned.
///
///     let downloads = DownloadsSession.start(store: store, catalog: nil, source: source, maxConcurrent: 3)
///     AppDownloads(source: source, initialState: downloads.state, session: downloads.feedbacks)
package struct DownloadsSession {
    /// The state to start from.
    package var state: DownloadsState
    /// The journal's feedback (none without a store).
    package var feedbacks: [Feedback<DownloadsState, DownloadsEvent>]
    /// What the user should know, one line each.
    package var notices: [String]

    /// - Parameters:
    ///   - store: where the journal is; nil keeps none (another process owns the session).
    ///   - now: the time for an aside's name, in seconds since 1970 (tests fix it).
    package static func start(store: SessionStore?, catalog: String?, source: any DownloadSource,
                              maxConcurrent: Int, now: Int? = nil) -> DownloadsSession {
        var state = DownloadsState(maxConcurrent: maxConcurrent)
        guard let store else { return DownloadsSession(state: state, feedbacks: [], notices: []) }
        var notices: [String] = []
        let journal = store.downloadsJournal(forCatalog: catalog)
        do {
            let restored = try journal.restore(initialState: state, reducer: DownloadsState.reducer)
            if let torn = restored.tornLine { notices.append("downloads: \(torn)") }
            state = restored.state.afterRestart(maxConcurrent: maxConcurrent)
        } catch {
            let aside = now.map { store.moveDownloadsAside(catalog: catalog, now: $0) }
                ?? store.moveDownloadsAside(catalog: catalog)
            let found = source.storedTitles()
            for (title, copy) in found { DownloadsState.reduce(&state, .localCopyFound(title, copy)) }
            state = state.afterRestart()
            notices.append("the downloads' journal could not be read (\(error)); it was "
                + (aside.map { "moved to \($0)" } ?? "left where it is")
                + ", and " + Formatting.count(found.count, "stored title was", "stored titles were") + " found again in the downloads folder")
        }
        let feedback = journal.feedback(durable: DownloadsState.journalFilter())
        // Nothing to keep yet: the journal starts with the first download, so that a start
        // with none writes (and fsyncs) nothing.
        let session = state.order.isEmpty ? feedback.startingWhen { !$0.order.isEmpty } : feedback
        return DownloadsSession(state: state, feedbacks: [session], notices: notices)
    }
}
