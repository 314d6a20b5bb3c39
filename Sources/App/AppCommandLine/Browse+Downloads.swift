import Downloads
#if canImport(Glibc)
import Glibc
#endif
import Spin
import AppCore
import LibraryInterface

extension Browse {
    /// The downloads spin for this run: the library's source (real files, into `--downloads`)
    /// or, on the embedded catalog, the simulated one; restored from its journal (what was
    /// running shows interrupted, to resume with `r`) and journaled while the session is ours.
    /// Returns it with what to tell the user afterwards.
    func appDownloads(opened: OpenedLibrary?, sessions: SessionStore?, catalog: String?) -> (AppDownloads, notices: [String]) {
        let source: any DownloadSource = opened?.downloadSource.map { $0(downloadsDirectory) }
            ?? SimulatedDownloadSource(bytesPerSecond: downloadRate, failureRate: downloadFailRate, seed: 1,
                                       directory: downloadsDirectory)
        let started = DownloadsSession.start(store: sessions, catalog: catalog, source: source, maxConcurrent: maxDownloads)
        var initialState = started.state
        if opened?.downloadSource != nil {
            // Stored titles whose files are gone are no longer offline.
            for download in initialState.list {
                guard case .finished(let video, let subtitles) = download.status else { continue }
                if access(video, R_OK) != 0 || subtitles.map({ access($0, R_OK) != 0 }) == true {
                    DownloadsState.reduce(&initialState, .localCopyLost(download.id))
                }
            }
        }
        return (AppDownloads(source: source, initialState: initialState, session: started.feedbacks), started.notices)
    }

    /// `--downloads`, else `$XDG_DATA_HOME/spindle/downloads`, else `~/.local/share/spindle/downloads`.
    var downloadsDirectory: String {
        if let downloads { return absolutePath(downloads) }
        return (SpindleHome.data.directory(environment: ProcessEnvironment.variables) ?? "/tmp/.local/share/spindle") + "/downloads"
    }
}
