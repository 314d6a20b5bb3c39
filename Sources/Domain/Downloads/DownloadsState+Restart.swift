extension DownloadsState {
    /// The state to start from after the app stopped, given the one a journal restored: what
    /// was running is shown `.interrupted` with the progress it had (the user resumes it with
    /// retry, which keeps that progress until the new attempt reports), what was queued stays queued and starts as slots allow,
    /// finished, failed and cancelled ones stay as they were, deletions still to do are done
    /// again (deleting twice is harmless). Speed samples, notices and `lastChange` are dropped:
    /// they belonged to the session that ended.
    ///
    ///     let restored = try journal.restore(initialState: DownloadsState(), reducer: DownloadsState.reducer)
    ///     let spin = Spin(initialState: restored.state.afterRestart()) { … }
    /// - Parameter maxConcurrent: the limit for this run, if it changed.
    package func afterRestart(maxConcurrent: Int? = nil) -> DownloadsState {
        var state = self
        if let maxConcurrent { state.maxConcurrent = max(1, maxConcurrent) }
        for (id, var download) in state.downloads {
            if download.status == .running { download.status = .interrupted }
            download.samples = []
            state.downloads[id] = download
        }
        state.notices = [:]
        state.lastChange = nil
        state.schedule()
        return state
    }
}
