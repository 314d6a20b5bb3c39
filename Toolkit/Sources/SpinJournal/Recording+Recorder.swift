#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Spin

extension Recording {
    /// A feedback that records the spin's initial state and every reduced event with its time
    /// (on the spin's clock) to `path`, replacing the file. One `write` per drained batch; the
    /// file is fsync'd and closed when the spin stops.
    ///
    ///     Spin(initialState: state) { Recording<S, E>.recorder(toFile: "run.jsonl"); Reducer(r) }
    public static func recorder(toFile path: String) -> Feedback<State, Event> {
        Feedback { core in
            let file = AppendingFile(path: path)
            core.onStop { file.close() }
            let encoder = JSONEncoder()
            if var header = try? encoder.encode(Header(initialState: core.state)) {
                header.append(UInt8(ascii: "\n"))
                file.append(Array(header))
                file.flush()
            }
            let elapsed = Self.stopwatch(core.clock)
            return FeedbackHooks(
                onBatchEnd: { _ in file.flush() },
                onReduced: { event, _ in
                    guard var line = try? encoder.encode(RecordedEvent(at: elapsed(), event: event)) else { return }
                    line.append(UInt8(ascii: "\n"))
                    file.append(Array(line))
                }
            )
        }
    }

    /// The time since now on `clock` (opens the existential once, not per event).
    static func stopwatch(_ clock: any Clock<Duration>) -> () -> Duration {
        func start<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
            let start = clock.now
            return { start.duration(to: clock.now) }
        }
        return start(clock)
    }
}
