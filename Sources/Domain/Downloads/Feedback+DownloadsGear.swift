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
        Feedback(everyState: {
            // Hooks run only on the draining thread: plain variables are enough.
            var hasStarted = false
            // Per title: the status and the sample time of the last summary sent.
            var sent: [String: (status: DownloadStatus, at: Duration?)] = [:]
            func send(_ id: String, _ state: DownloadsState) {
                guard let summary = state.summary(of: id) else { return }
                sent[id] = (summary.status, state.downloads[id]?.samples.last?.at)
                gear.propagate(.changed(summary))
            }
            return { state in
                if !hasStarted {
                    hasStarted = true
                    for id in state.order { send(id, state) }
                    return
                }
                var changedID: String?
                if let change = state.lastChange {
                    changedID = change.id
                    if case .removed(let id) = change {
                        sent[id] = nil
                        gear.propagate(.removed(id: id))
                    } else {
                        send(change.id, state)
                    }
                }
                // Running downloads: when they start (a slot freed), then their speed.
                for id in state.runningIDs where id != changedID {
                    guard let last = sent[id], last.status == .running else {
                        send(id, state)
                        continue
                    }
                    guard let time = state.downloads[id]?.samples.last?.at else { continue }
                    if let at = last.at, time >= at, time - at < speedInterval { continue }
                    send(id, state)
                }
            }
        })
    }
}
