import Catalog
import Logging
import Synchronization
import TextFormat

/// Requests refused for want of the right token, logged as a count: the first at once, then
/// at most one line per `interval` however many come ("refused 5,000 requests without the
/// right token in the last 10 s"), so a client hammering the server cannot fill the disk
/// with its log.
///
///     let refusals = RefusalLog(logger: logger)
///     refusals.refused()   // per 401
final class RefusalLog: Sendable {
    private struct State {
        var uncounted = 0
        var windowStart: ContinuousClock.Instant?
    }

    private let logger: Logger
    private let interval: Duration
    private let state = Mutex(State())

    init(logger: Logger, interval: Duration = .seconds(10)) {
        self.logger = logger
        self.interval = interval
    }

    func refused(now: ContinuousClock.Instant = .now) {
        let line: (count: Int, over: Duration?)? = state.withLock { state in
            state.uncounted += 1
            if let start = state.windowStart, now - start < interval { return nil }
            defer {
                state.windowStart = now
                state.uncounted = 0
            }
            return (state.uncounted, state.windowStart.map { now - $0 })
        }
        if let line { log(line.count, over: line.over) }
    }

    /// Logs what was refused since the last line (at the end of the server's run).
    func flush(now: ContinuousClock.Instant = .now) {
        let line: (count: Int, over: Duration?) = state.withLock { state in
            defer { state.uncounted = 0 }
            return (state.uncounted, state.windowStart.map { now - $0 })
        }
        if line.count > 0 { log(line.count, over: line.over) }
    }

    /// One line: `count` refusals, over the time since the previous line (none for the first).
    private func log(_ count: Int, over: Duration?) {
        var text = "refused \(CountText.of(count, "request", "requests")) without the right token"
        if let over { text += " in the last \(max(1, Int((over / .seconds(1)).rounded()))) s" }
        logger.warning("\(text)")
    }
}
