import Foundation

/// The process's resident memory from /proc/self/status, in bytes.
enum ResidentMemory {
    /// VmRSS: resident now.
    static var resident: Int64 { field("VmRSS:") }
    /// VmHWM: the peak resident since start (or since `resetPeak`).
    static var peak: Int64 { field("VmHWM:") }

    /// Sets the peak to the current resident size (`5` to /proc/self/clear_refs); false when
    /// the kernel does not allow it.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func field(_ name: String) -> Int64 {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int64($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
