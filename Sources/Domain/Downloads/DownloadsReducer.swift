import Spin

extension DownloadsState: ReducibleState {
    /// Applies `event` to `state`. Pure: no clock, no I/O. After every event the queue is
    /// scheduled again (`schedule`): the first `maxConcurrent` active downloads run.
    package static func reduce(_ state: inout DownloadsState, _ event: DownloadsEvent) {
        state.lastChange = nil
        switch event {
        case .downloadRequested(let title, let parts):
            state.request(title, parts: parts)
        case .cancelRequested(let id):
            state.cancel(id)
        case .retryRequested(let id):
            state.retry(id)
        case .removeRequested(let id):
            state.remove(id)
        case .noticeDismissed(let id):
            state.notices[id] = nil
        case .progressed(let id, let part, let report, let time):
            state.apply(report, of: part, to: id, at: time)
        case .failed(let id, _, let message):
            state.fail(id, message: message)
        case .localCopyDeleted(let id, let failure):
            state.localCopyDeleted(id, failure: failure)
        case .localCopyLost(let id):
            state.localCopyLost(id)
        case .localCopyFound(let title, let copy):
            state.localCopyFound(title, copy)
        }
        state.schedule()
    }
}
