import Foundation

/// The process's resident memory from /proc/self/status, in bytes.
enum ResidentMemory {
    /// VmRSS: resident now.
    static var resident: Int64? { field("VmRSS:") }
    /// VmHWM: the peak resident since start (or since `resetPeak`).
    static var peak: Int64? { field("VmHWM:") }

    /// Whether the peak can be reset and read here, so that a test can measure the peak of
    /// what it does alone (checked once, by resetting it).
    static let canMeasurePeak: Bool = resetPeak() && peak != nil && resident != nil

    /// Sets the peak to the current resident size (`5` to /proc/self/clear_refs); false when
    /// the kernel does not allow it.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// The field in kB as bytes; nil when it cannot be read.
    private static func field(_ name: String) -> Int64? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            return line.split(separator: " ").dropFirst().first.flatMap { Int64($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
