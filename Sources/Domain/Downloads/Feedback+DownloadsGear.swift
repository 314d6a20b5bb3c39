import Spin

extension Feedback where State == DownloadsState, Event == DownloadsEvent {
    /// Pushes into `gear` what other spins show of the downloads, as `DownloadsGearEvent`s:
    /// - at start, the summary of every download (a restarted app learns what is stored and
    ///   what was interrupted);
    /// - after each event that changed a title (`DownloadsState.lastChange`): its summary, or
    ///   `.removed`;
    /// - for a running download whose speed has new samples, its summary at most once per
    ///   `speedInterval` of the events' time (`at:`), so a screen's speed and ETA stay fresh
    ///   without a message per chunk.
    ///
    ///     let gear = Gear<DownloadsGearEvent>()
    ///     Spin(initialState: DownloadsState()) { …; Feedback.propagatingDownloads(to: gear); DownloadsState.reducer }
    package static func propagatingDownloads(
        to gear: Gear<DownloadsGearEvent>, speedInterval: Duration = .seconds(1)
    ) -> Self {
        Feedback(remembering: SummariesSent(), everyState: { sent, state in
            // Runs only on the draining thread: the memory needs no lock.
            func send(_ id: String) {
                guard let summary = state.summary(of: id) else { return }
                sent.byID[id] = (summary.status, state.downloads[id]?.samples.last?.at)
                gear.propagate(.changed(summary))
            }
            if !sent.hasStarted {
                sent.hasStarted = true
                for id in state.order { send(id) }
                return
            }
            var changedID: String?
            if let change = state.lastChange {
                changedID = change.id
                if case .removed(let id) = change {
                    sent.byID[id] = nil
                    gear.propagate(.removed(id: id))
                } else {
                    send(change.id)
                }
            }
            // Running downloads: when they start (a slot freed), then their speed.
            for id in state.runningIDs where id != changedID {
                guard let last = sent.byID[id], last.status == .running else {
                    send(id)
                    continue
                }
                guard let time = state.downloads[id]?.samples.last?.at else { continue }
                if let at = last.at, time >= at, time - at < speedInterval { continue }
                send(id)
            }
        })
    }
}

/// What `propagatingDownloads` remembers between states.
private struct SummariesSent {
    /// Whether the first state (every download's summary) was sent.
    var hasStarted = false
    /// Per title: the status and the sample time of the last summary sent.
    var byID: [String: (status: DownloadStatus, at: Duration?)] = [:]
}
