import Downloads
#if canImport(Glibc)
import Glibc
#endif
import Spin
import AppCore

extension Browse {
    /// The downloads spin for this run: the library's source (real files, into `--downloads`)
    /// or, on the embedded catalog, the simulated one; restored from its journal (what was
    /// running shows interrupted, to resume with `r`) and journaled while the session is ours.
    /// Returns it with what to tell the user afterwards.
    func appDownloads(opened: OpenedLibrary?, sessions: SessionStore?, catalog: String?) -> (AppDownloads, notices: [String]) {
        var notices: [String] = []
        var initialState = DownloadsState(maxConcurrent: maxDownloads)
        var session: [Feedback<DownloadsState, DownloadsEvent>] = []
        if let sessions {
            let journal = sessions.downloadsJournal(forCatalog: catalog)
            do {
                let restored = try journal.restore(initialState: initialState, reducer: DownloadsState.reducer)
                if let torn = restored.tornLine { notices.append("downloads: \(torn)") }
                initialState = restored.state.afterRestart(maxConcurrent: maxDownloads)
            } catch {
                notices.append("the downloads' journal could not be read (\(error)); downloads start afresh")
            }
            let feedback = journal.feedback(durable: DownloadsState.journalFilter())
            // Nothing to keep yet: the journal starts with the first download, so that a start
            // with none writes (and fsyncs) nothing.
            session.append(initialState.order.isEmpty ? feedback.startingWhen { !$0.order.isEmpty } : feedback)
        }
        if let makeSource = opened?.downloadSource {
            // Stored titles whose files are gone are no longer offline.
            for download in initialState.list {
                guard case .finished(let video, let subtitles) = download.status else { continue }
                if access(video, R_OK) != 0 || subtitles.map({ access($0, R_OK) != 0 }) == true {
                    DownloadsState.reduce(&initialState, .localCopyLost(download.id))
                }
            }
            return (AppDownloads(source: makeSource(downloadsDirectory), initialState: initialState, session: session), notices)
        }
        let simulated = SimulatedDownloadSource(bytesPerSecond: downloadRate, failureRate: downloadFailRate,
                                                seed: 1,
                                                directory: downloadsDirectory)
        return (AppDownloads(source: simulated, initialState: initialState, session: session), notices)
    }

    /// `--downloads`, else `$XDG_DATA_HOME/spindle/downloads`, else `~/.local/share/spindle/downloads`.
    var downloadsDirectory: String {
        if let downloads { return absolutePath(downloads) }
        return (SpindleHome.data.directory(environment: ProcessEnvironment.variables) ?? "/tmp/.local/share/spindle") + "/downloads"
    }
}
