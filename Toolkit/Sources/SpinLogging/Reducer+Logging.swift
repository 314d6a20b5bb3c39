import CustomDump
import Logging
import Spin

/// A debugging decorator: logs every event and the change it made to the state.
///
///     Reducer(browserReducer).logging(to: Logger(label: "browser"))
///     // received .keyPressed(.down)
///     //   - selection: 3
///     //   + selection: 4
///
/// It copies the state before each event to compute the diff, so use it while debugging, not
/// on a hot path.
extension Reducer {
    /// This reducer, logging each event with the state change it made at `level`.
    ///
    ///     Reducer(reduce).logging(to: Logger(label: "app"))
    public func logging(to logger: Logger, level: Logger.Level = .debug) -> Reducer {
        let reduce = self.reduce
        return Reducer { (state: inout State, event: Event) in
            let before = state
            reduce(&state, event)
            guard logger.logLevel <= level else { return }
            var eventDump = ""
            customDump(event, to: &eventDump)
            let change = diff(before, state).map { "\n" + $0 } ?? " (no state change)"
            logger.log(level: level, "received \(eventDump)\(change)")
        }
    }
}
