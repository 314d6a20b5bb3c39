import Spin

extension Feedback where State == DownloadsState, Event == DownloadsEvent {
    /// Pushes each change other spins show (`DownloadsState.lastChange`) into `gear`: queued,
    /// progress by whole percent, finished, failed, cancelled, removed.
    ///
    ///     let gear = Gear<DownloadsGearEvent>()
    ///     Spin(initialState: DownloadsState()) { …; Feedback.propagatingDownloads(to: gear); DownloadsState.reducer }
    public static func propagatingDownloads(to gear: Gear<DownloadsGearEvent>) -> Self {
        Feedback(attachedTo: gear, propagating: { $0.lastChange })
    }
}
