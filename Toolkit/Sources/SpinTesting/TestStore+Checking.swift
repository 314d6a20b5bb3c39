import CustomDump
import Spin
import Synchronization
import Testing

/// What a test store records and how it reports what differs from the test's expectations.
extension TestStore {
    /// The journal is shared with the spin's reduce hook, hence a reference.
    final class LockedJournal: Sendable {
        private let mutex: Lock<Journal>
        init(_ journal: sending Journal) { mutex = Lock(journal) }
        func withLock<R>(_ body: (inout sending Journal) -> sending R) -> R { mutex.withLock(body) }
    }

    struct Journal {
        var state: State
        var exhaustivity = Exhaustivity.on
        /// Events emitted with `send`, with the state each produced, not yet checked.
        var sent: [(event: Event, state: State)] = []
        /// Events produced by feedbacks (effects, observers, gears), with the state each
        /// produced, not yet received.
        var received: [(event: Event, state: State)] = []
        var isFinished = false
        /// Invariants a reduced state broke (`InvariantChecking`), with the event that broke
        /// them, not yet reported.
        var brokenInvariants: [String] = []
        /// Events reduced since the test's last step, to catch a feedback loop that never settles.
        var reducedSinceLastStep = 0
        var isRunaway = false
    }

    /// Waits until every effect has ended or is suspended, and reports a runaway feedback loop
    /// or effects that stay busy.
    func settle(_ sourceLocation: SourceLocation) async {
        if await !time.settle(timeout: timeout) {
            fail("Effects were still busy after \(timeout): an effect blocks its thread. " + pendingWork(),
                 sourceLocation: sourceLocation)
        }
        reportRunaway(sourceLocation)
    }

    /// Reports (once) a feedback loop that kept reducing events during the last step.
    func reportRunaway(_ sourceLocation: SourceLocation) {
        let wasRunaway = journal.withLock { journal -> Bool in
            defer { journal.reducedSinceLastStep = 0; journal.isRunaway = false }
            return journal.isRunaway
        }
        if wasRunaway {
            fail(
                "More than \(Self.runawayLimit) events were reduced in one step: a feedback keeps "
                    + "answering the states its own events produce. The spin was stopped.",
                sourceLocation: sourceLocation
            )
        }
    }

    func checkExhaustivity(at sourceLocation: SourceLocation) {
        reportBrokenInvariants(sourceLocation)
        let (unreceived, exhaustivity) = journal.withLock { journal in
            defer { journal.received = [] }
            return (journal.received, journal.exhaustivity)
        }
        guard exhaustivity == .on else { return }
        if !unreceived.isEmpty {
            fail(
                "\(unreceived.count) event(s) produced by effects were not received: "
                    + list(unreceived.map(\.event)),
                sourceLocation: sourceLocation
            )
        }
        let running = spin.core.runningEffectCount
        if running > 0 {
            fail(
                "\(running) effect(s) still running at the end of the test. Change the state so "
                    + "that their feedback cancels them, or advance the clock until they end. " + sleepers(),
                sourceLocation: sourceLocation
            )
        }
    }

    /// What is still going on, for a failure message: unreceived events, running effects and
    /// the sleeps they wait on.
    func pendingWork() -> String {
        let unreceived = journal.withLock { $0.received.map(\.event) }
        var parts = ["Pending: \(spin.core.runningEffectCount) effect(s) running"]
        if time.executor.isBusy { parts.append("an effect job still running") }
        if !unreceived.isEmpty { parts.append("\(unreceived.count) event(s) not received: " + list(unreceived)) }
        return parts.joined(separator: "; ") + ". " + sleepers()
    }

    private func sleepers() -> String {
        let deadlines = time.clock.pendingDeadlines
        guard !deadlines.isEmpty else { return "No effect waits on the clock." }
        let now = time.clock.now
        let shown = deadlines.prefix(5).map { "\(now.duration(to: $0))" }.joined(separator: ", ")
        return "\(deadlines.count) sleep(s) on the clock, due in \(shown): advance the clock."
    }

    func check(
        _ actual: State, after event: Event, _ update: ((inout State) -> Void)?, _ sourceLocation: SourceLocation
    ) {
        reportBrokenInvariants(sourceLocation)
        let (previous, exhaustivity) = journal.withLock { ($0.state, $0.exhaustivity) }
        var expected = previous
        if exhaustivity == .off {
            // Only the fields the expectation sets are checked: applied to the actual state, it
            // must change nothing.
            expected = actual
        }
        update?(&expected)
        if expected != actual {
            fail(
                "State after \(dump(event)) differs from the expectation (- expected, + actual):\n"
                    + (diff(expected, actual) ?? dump(actual)),
                sourceLocation: sourceLocation
            )
        }
        journal.withLock { $0.state = actual }
    }

    /// Fails the test for every invariant a reduced state broke since the last report, whether
    /// or not the test checks that event: every state the spin reaches must keep them.
    func reportBrokenInvariants(_ sourceLocation: SourceLocation) {
        let broken = journal.withLock { journal in
            defer { journal.brokenInvariants = [] }
            return journal.brokenInvariants
        }
        for rule in broken { fail(rule, sourceLocation: sourceLocation) }
    }

    /// The invariants `state` breaks (nothing unless it is `InvariantChecking`), as failures.
    static func brokenInvariants(of state: State, after event: Event) -> [String] {
        guard let checked = state as? any InvariantChecking else { return [] }
        let broken = checked.brokenInvariants
        guard !broken.isEmpty else { return [] }
        var shown = ""
        customDump(event, to: &shown)
        return broken.map { "Invariant broken after \(shown): \($0)" }
    }

    func fail(_ message: String, sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// The first few events, enough to recognise them without flooding the report.
    func list(_ events: [Event]) -> String {
        let shown = events.prefix(5).map { dump($0) }.joined(separator: ", ")
        return events.count > 5 ? shown + ", and \(events.count - 5) more" : shown
    }

    func dump(_ value: some Any) -> String {
        var text = ""
        customDump(value, to: &text)
        return text
    }
}

/// Counts the events effects produce and lets a test wait, in real time, for the next one.
final class Arrivals: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let state = Lock<(count: Int, nextID: Int, waiters: [Waiter])>((0, 0, []))

    var count: Int { state.withLock { $0.count } }

    func signal() {
        let waiters = state.withLock { state -> [Waiter] in
            state.count += 1
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: true) }
    }

    /// Returns true once more than `seen` events have arrived, false if `deadline` passes first.
    func wait(after seen: Int, until deadline: ContinuousClock.Instant) async -> Bool {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let arrived = state.withLock { state -> Bool in
                guard state.count <= seen else { return true }
                state.waiters.append(Waiter(id: id, continuation: continuation))
                return false
            }
            if arrived { continuation.resume(returning: true) }
        }
    }
}
