import ProcessesKit
import Synchronization

/// Canned samples: a small machine with two CPUs, sampled 2 s apart (400 ticks of both CPUs).
enum Fixtures {
    static let times = CPUTimes(totalTicks: 100_000, cpuCount: 2, uptime: 50_000)

    static let readings = [
        ProcessReading(pid: 1, name: "systemd", commandLine: "/sbin/init splash", state: "S",
                       residentBytes: 12_345_678, cpuTicks: 5_000, startTicks: 100),
        ProcessReading(pid: 2, name: "kthreadd", state: "S", cpuTicks: 10, startTicks: 100),
        ProcessReading(pid: 812, name: "postgres", commandLine: "/usr/lib/postgresql/16/bin/postgres -D /var/lib/postgresql/16/main",
                       uid: 109, user: "postgres", state: "S", threads: 1, residentBytes: 48_000_000,
                       cpuTicks: 2_000, startTicks: 2_000),
        ProcessReading(pid: 1234, name: "firefox", commandLine: "/usr/lib/firefox/firefox --new-window https://example.org",
                       uid: 1000, user: "ana", state: "R", threads: 84, residentBytes: 1_234_000_000,
                       cpuTicks: 90_000, startTicks: 4_000_000),
        ProcessReading(pid: 4242, name: "sleep", commandLine: "sleep 600", uid: 1000, user: "ana", state: "S",
                       residentBytes: 1_000_000, cpuTicks: 0, startTicks: 4_990_000),
    ]

    /// The first sample: no CPU use known yet.
    static let first = ProcessSample(processes: readings, times: times)

    /// 2 s later: firefox used 300 ticks (150 %, one and a half CPUs), postgres 40 (20 %),
    /// systemd 2 (1 %).
    static let second = later(first, by: 400, using: [1: 2, 812: 40, 1234: 300])

    /// The first sample, then one 2 s later for each of firefox's ticks in `ticks`.
    static func series(firefox ticks: [UInt64]) -> [ProcessSample] {
        ticks.reduce(into: [first]) { samples, used in samples.append(later(samples.last!, by: 400, using: [1234: used])) }
    }

    /// `sample` `elapsed` ticks of both CPUs later, each pid having used its ticks.
    static func later(_ sample: ProcessSample, by elapsed: UInt64, using ticks: [Int32: UInt64],
                      without gone: Set<Int32> = []) -> ProcessSample {
        var next = sample
        next.times.totalTicks += elapsed
        next.times.uptime += Double(elapsed) / Double(2 * next.times.ticksPerSecond)
        next.processes = next.processes.filter { !gone.contains($0.pid) }.map { reading in
            var reading = reading
            reading.cpuTicks += ticks[reading.pid] ?? 0
            return reading
        }
        return next
    }
}

/// A sampler that gives canned samples in order (the last one again once they run out), and
/// counts how often it was read.
final class CannedSampler: Sendable {
    private let queue: Mutex<(samples: [ProcessSample], reads: Int)>

    init(_ samples: [ProcessSample]) {
        queue = Mutex((samples, 0))
    }

    func sample() -> ProcessSample {
        queue.withLock { queue in
            queue.reads += 1
            return queue.samples.count > 1 ? queue.samples.removeFirst() : queue.samples[0]
        }
    }

    var reads: Int { queue.withLock { $0.reads } }
}
