// Events per second through a spin, beside a bare loop calling the same reducer.
//
//     swift run -c release SpinBenchmark          # full run
//     swift run -c release SpinBenchmark --quick  # a tiny round, a smoke check
//     SpinBenchmark --emit-only a 100000          # scenario (a)'s emits alone, for callgrind
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--emit-only") {
    // Instructions per event are counted by callgrind, which cannot run an async main here (it
    // stops in libdispatch's signal thread): this path stays synchronous and never starts the
    // main queue. Two counts, at N and 2N events, differ by N events' instructions.
    let scenario = arguments.dropFirst(flag + 1).first.flatMap { name in
        Scenario.allCases.first { $0.title.hasPrefix("(\(name))") }
    }
    guard let scenario, let events = arguments.dropFirst(flag + 2).first.flatMap({ Int($0) }) else {
        print("usage: SpinBenchmark --emit-only a|b|c EVENTS")
        exit(2)
    }
    EmitOnly(scenario: scenario, events: events).run()
    exit(0)
}

let quick = arguments.contains("--quick")
let configuration = quick
    ? Benchmark.Configuration(events: 10_000, rounds: 1, floodDuration: .milliseconds(100), ticks: 100)
    : Benchmark.Configuration(events: 1_000_000, rounds: 5, floodDuration: .seconds(2), ticks: 10_000)
Task {
    await Benchmark(configuration: configuration).run()
    exit(0)
}
dispatchMain()
