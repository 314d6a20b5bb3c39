import Foundation

/// CPU seconds of this process and of its waited-for children (getrusage), and the peak
/// resident size (/proc/self/status VmHWM).
struct Usage {
    var own: Double
    var children: Double

    static func now() -> Usage {
        Usage(own: cpu(RUSAGE_SELF.rawValue), children: cpu(RUSAGE_CHILDREN.rawValue))
    }

    static func - (lhs: Usage, rhs: Usage) -> Usage {
        Usage(own: lhs.own - rhs.own, children: lhs.children - rhs.children)
    }

    private static func cpu(_ who: __rusage_who_t) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// VmHWM in bytes.
    static func peakResident() -> Int64 {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int64($0) } ?? 0) * 1024
        }
        return 0
    }

    /// Sets the peak resident size to the current one (`5` to /proc/self/clear_refs), so that
    /// each run's peak is its own; false when the kernel does not allow it.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// "NAME: 1024 MB in 2.10 s = 487.6 MB/s, 1.234 CPU s = 1.21 ms CPU per MB".
    static func line(_ name: String, bytes: Int64, seconds: Double, cpu: Double) -> String {
        let megabytes = Double(bytes) / Double(1 << 20)
        return String(format: "%@: %.0f MB in %.2f s = %.1f MB/s, %.3f CPU s = %.3f ms CPU per MB",
                      name, megabytes, seconds, megabytes / seconds, cpu, cpu * 1000 / megabytes)
    }
}
