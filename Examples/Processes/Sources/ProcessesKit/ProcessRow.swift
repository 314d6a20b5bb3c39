import Foundation
import TextFormat

/// A process as the browser shows it: its reading, its CPU use since the sample before, and
/// that use over the last samples.
public struct ProcessRow: Hashable, Sendable, Identifiable {
    public var reading: ProcessReading
    /// The share of one CPU it used between the last two samples: 250 is two and a half CPUs.
    public var cpuPercent: Double
    /// `cpuPercent` over the last `historyLength` samples, oldest first.
    public var cpuHistory: [Double]

    public static let historyLength = 60

    public init(reading: ProcessReading, cpuPercent: Double = 0, cpuHistory: [Double] = []) {
        self.reading = reading
        self.cpuPercent = cpuPercent
        self.cpuHistory = cpuHistory
    }

    public var id: Int32 { reading.pid }

    /// The rows of `sample`, each with the CPU it used since `previous` (the rows of the sample
    /// taken at `before`). A process new since then (or a pid taken by another process) has no
    /// CPU use yet.
    public static func rows(of sample: ProcessSample, after previous: [ProcessRow], at before: CPUTimes?) -> [ProcessRow] {
        let old = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let elapsed = before.map { sample.times.totalTicks &- $0.totalTicks } ?? 0
        return sample.processes.map { reading in
            guard let last = old[reading.pid], last.reading.startTicks == reading.startTicks, before != nil else {
                return ProcessRow(reading: reading)
            }
            let used = reading.cpuTicks - min(last.reading.cpuTicks, reading.cpuTicks)
            let percent = cpuPercent(used: used, of: elapsed, cpus: sample.times.cpuCount)
            return ProcessRow(reading: reading, cpuPercent: percent,
                              cpuHistory: (last.cpuHistory + [percent]).suffix(historyLength))
        }
    }

    /// The share of one CPU that `used` ticks are, out of `elapsed` ticks counted by `cpus` CPUs
    /// together: all of them busy is `cpus` × 100.
    public static func cpuPercent(used: UInt64, of elapsed: UInt64, cpus: Int) -> Double {
        guard elapsed > 0 else { return 0 }
        return min(Double(used) / Double(elapsed), 1) * Double(max(cpus, 1)) * 100
    }

    /// Its command line, or its name in brackets for a kernel thread: "[kworker/0:1]".
    public var command: String { reading.commandLine.isEmpty ? "[\(reading.name)]" : reading.commandLine }
    public var cpuText: String { String(Double(Int((cpuPercent * 10).rounded())) / 10) }
    public var memoryText: String { CountText.bytes(reading.residentBytes) }

    /// Its state in words: "running", "sleeping"…
    public var stateName: String {
        switch reading.state {
        case "R": "running"
        case "S": "sleeping"
        case "D": "waiting for the disk"
        case "Z": "zombie"
        case "T": "stopped"
        case "t": "stopped by a debugger"
        case "X", "x": "dead"
        case "I": "idle"
        case "P": "parked"
        case "W": "waking"
        default: String(reading.state)
        }
    }

    /// How long ago it started, at `times`: "45 s", "12 min", "3 h 05 min", "2 days 4 h".
    public func age(at times: CPUTimes) -> String {
        let started = Double(reading.startTicks) / Double(max(times.ticksPerSecond, 1))
        let seconds = Int(max(times.uptime - started, 0))
        let (minutes, hours, days) = (seconds / 60, seconds / 3600, seconds / 86400)
        if days > 0 { return "\(days) day\(days == 1 ? "" : "s") \(hours % 24) h" }
        if hours > 0 { return "\(hours) h " + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60) min" }
        return minutes > 0 ? "\(minutes) min" : "\(seconds) s"
    }

    /// Whether the filter `text` is in its name, command line or user, ignoring case.
    public func matches(_ text: String) -> Bool {
        text.isEmpty || [reading.name, reading.commandLine, reading.user].contains { $0.localizedStandardContains(text) }
    }
}

/// The order of the table; `s` cycles through them.
public enum ProcessSort: Hashable, Sendable, CaseIterable {
    case cpu, memory, pid, name

    public var next: ProcessSort { Self.allCases[(Self.allCases.firstIndex(of: self)! + 1) % Self.allCases.count] }

    public var title: String {
        switch self {
        case .cpu: "CPU"
        case .memory: "memory"
        case .pid: "PID"
        case .name: "name"
        }
    }

    /// Whether `a` comes before `b`: the most CPU or memory first, the lowest pid first, names
    /// alphabetically; ties by pid.
    public func areInOrder(_ a: ProcessRow, _ b: ProcessRow) -> Bool {
        switch self {
        case .cpu where a.cpuPercent != b.cpuPercent: a.cpuPercent > b.cpuPercent
        case .memory where a.reading.residentBytes != b.reading.residentBytes: a.reading.residentBytes > b.reading.residentBytes
        case .name where a.reading.name != b.reading.name:
            a.reading.name.lowercased() == b.reading.name.lowercased() ? a.reading.name < b.reading.name
                : a.reading.name.lowercased() < b.reading.name.lowercased()
        default: a.id < b.id
        }
    }
}
