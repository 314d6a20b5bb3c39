import Spin

/// The browser's effects: the timer, and reading /proc.
public enum ProcessFeedbacks {
    /// Asks for a refresh every `interval` on the spin's clock, until the app quits. Between
    /// ticks nothing runs: the timer is one task asleep on the clock.
    ///
    ///     ProcessFeedbacks.refreshing()
    public static func refreshing(every interval: Duration = .seconds(2)) -> Feedback<ProcessState, ProcessEvent> {
        .every(interval, while: { !$0.isQuitting }, send: .refreshDue)
    }

    /// Reads a sample when a refresh is asked for, with `sample` (the sampler; tests pass canned
    /// samples), and reports it as an event. A refresh asked for during a read is that read.
    ///
    ///     ProcessFeedbacks.sampling(with: sampler.sample)
    public static func sampling(
        with sample: @escaping @Sendable () throws -> ProcessSample
    ) -> Feedback<ProcessState, ProcessEvent> {
        .react(query: \.refreshToRead) { (_: Bool) async -> ProcessEvent? in
            do {
                return .sampled(try sample())
            } catch {
                return .sampleFailed("\(error)")
            }
        }
    }
}
