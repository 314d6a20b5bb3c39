// Events per second through a spin, beside a bare loop calling the same reducer.
//
//     swift run -c release SpinBenchmark          # full run
//     swift run -c release SpinBenchmark --quick  # a tiny round, a smoke check
let quick = CommandLine.arguments.contains("--quick")
let configuration = quick
    ? Benchmark.Configuration(events: 10_000, rounds: 1, floodDuration: .milliseconds(100), ticks: 100)
    : Benchmark.Configuration(events: 1_000_000, rounds: 5, floodDuration: .seconds(2), ticks: 10_000)
await Benchmark(configuration: configuration).run()
