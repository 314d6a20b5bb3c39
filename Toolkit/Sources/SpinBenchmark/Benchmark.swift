import Spin
import Synchronization

/// Measures the spin's cost per event in three set-ups, each against a bare loop over the same
/// reducer, and prints a table.
struct Benchmark {
    struct Configuration {
        var events: Int
        var rounds: Int
        var floodDuration: Duration
        var ticks: Int
        var journalEvents = 10_000
    }

    let configuration: Configuration

    func run() async {
        print("Spin benchmark: \(configuration.events) events, best of \(configuration.rounds) round(s)")
        print(Row.header)
        let bare = bestDuration { measureBareLoop() }
        for scenario in Scenario.allCases {
            var best = Duration.seconds(3_600)
            for _ in 0..<configuration.rounds {
                best = min(best, await measure(scenario))
            }
            print(Row(name: scenario.title, spin: best, bare: bare, events: configuration.events).text)
        }
        print("")
        for (label, budget) in [("budget 1,024", 1_024), ("unbounded (before)", Int.max)] {
            let flood = await FloodLatency(duration: configuration.floodDuration, drainBudget: budget).measure()
            print("UI-thread emit under a 2-thread flood, \(label): worst \(microseconds(flood.worst)) µs "
                  + "(of it \(microseconds(flood.worstCPU)) µs of the UI thread's CPU at most), "
                  + "p99 \(microseconds(flood.p99)) µs over \(flood.uiEmits) emits; "
                  + "\(flood.floodEvents) flood events; at most \(flood.longestUnobserved) events between two observer calls")
        }
        let journal = await JournalCost(events: configuration.journalEvents).measure()
        print("journal: \(format(journal.microsecondsPerEvent)) µs per event, \(journal.bytesAfterEvents) bytes after "
              + "\(configuration.journalEvents) events (app-shaped events, one write per event)")
        let ticksPerSecond = await VirtualTimeSpeed(ticks: configuration.ticks).measure()
        print("virtual time: \(Int(ticksPerSecond)) ticks per second (\(configuration.ticks) one-second ticks, effects settled at each)")
    }

    private func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    private func microseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
    }

    /// The bare loop: the same reducer function called directly, no queue, no lock.
    private func measureBareLoop() -> Duration {
        var counter = Counter()
        let elapsed = ContinuousClock().measure {
            for index in 0..<configuration.events { reduceCounter(&counter, .counted(index)) }
        }
        blackHole(counter)
        return elapsed
    }

    private func bestDuration(_ measure: () -> Duration) -> Duration {
        (0..<configuration.rounds).map { _ in measure() }.min() ?? .zero
    }

    private func measure(_ scenario: Scenario) async -> Duration {
        let spin = scenario.makeSpin()
        spin.start()
        let events = configuration.events
        // Each emit from this thread reduces its event before returning: the loop's end is the
        // moment every event has been reduced.
        let elapsed = ContinuousClock().measure {
            for index in 0..<events { spin.emit(.counted(index)) }
        }
        let final = await spin.currentState()
        precondition(final?.count == events, "the spin lost events")
        spin.stop()
        await spin.waitForEffects()
        return elapsed
    }
}

/// One printed line of results.
struct Row {
    static let header = "scenario                              spin ns/ev   bare ns/ev   ratio   spin events/s   overhead ns/ev"

    let name: String
    let spin: Duration
    let bare: Duration
    let events: Int

    var text: String {
        let spinNanos = nanoseconds(spin) / Double(events)
        let bareNanos = nanoseconds(bare) / Double(events)
        let ratio = bareNanos > 0 ? spinNanos / bareNanos : 0
        let perSecond = spinNanos > 0 ? 1e9 / spinNanos : 0
        return pad(name, 38) + pad(format(spinNanos), 13) + pad(format(bareNanos), 13)
            + pad(format(ratio) + "x", 8) + pad(String(Int(perSecond)), 16) + format(spinNanos - bareNanos)
    }

    private func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    private func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// One scenario's spin, started, given `events` events from this thread, and stopped: what
/// callgrind counts (`--emit-only`), with nothing else of the benchmark around it.
struct EmitOnly {
    let scenario: Scenario
    let events: Int

    func run() {
        let spin = scenario.makeSpin()
        spin.start()
        for index in 0..<events { spin.emit(.counted(index)) }
        spin.stop()
        blackHole(spin)
    }
}
