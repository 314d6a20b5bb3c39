import Spin

/// One simulated part: `.size`, then `.received` every tick on the clock, then `.finished`, or a
/// `DownloadError` at the byte the plan says. Cancelling the iterating task ends it at once
/// (the clock's sleep throws), with nothing more reported.
///
///     for try await progress in SimulatedDownloadSource(clock: clock).transfer(.video, of: title) { … }
package struct SimulatedTransfer: AsyncSequence, Sendable {
    package typealias Element = DownloadProgress
    package typealias Failure = any Error

    /// What this transfer will do.
    struct Plan: Sendable {
        var size: Int
        var announcesSize: Bool
        var bytesPerTick: Int
        var tick: Duration
        /// Fails once this many bytes would have arrived; nil: succeeds.
        var failsAt: Int?
        var localPath: String
    }

    let plan: Plan
    /// nil: the clock of the spin running the effect (`Effect.clock`).
    let clock: (any Clock<Duration>)?

    package func makeAsyncIterator() -> Iterator {
        Iterator(plan: plan, clock: clock)
    }

    package struct Iterator: AsyncIteratorProtocol {
        package typealias Failure = any Error

        private enum Stage { case start, receiving(Int), done }

        let plan: Plan
        let clock: (any Clock<Duration>)?
        private var stage = Stage.start

        init(plan: Plan, clock: (any Clock<Duration>)?) {
            self.plan = plan
            self.clock = clock
        }

        package mutating func next() async throws -> DownloadProgress? {
            switch stage {
            case .start:
                stage = .receiving(0)
                return .size(plan.announcesSize ? plan.size : nil)
            case .receiving(let received):
                if received >= plan.size {
                    stage = .done
                    return .finished(localPath: plan.localPath)
                }
                do {
                    // Looked up here, in the iterating task, where `Effect.clock` is the spin's.
                    try await (clock ?? Effect.clock).sleep(for: plan.tick)
                } catch {
                    stage = .done
                    return nil
                }
                let now = Swift.min(plan.size, received + plan.bytesPerTick)
                if let failsAt = plan.failsAt, now >= failsAt {
                    stage = .done
                    let percent = plan.size == 0 ? 0 : failsAt * 100 / plan.size
                    throw DownloadError("the connection was lost at \(percent)%; try again")
                }
                stage = .receiving(now)
                return .received(now)
            case .done:
                return nil
            }
        }
    }
}
