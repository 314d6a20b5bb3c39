import Foundation

/// Whether `pid` is gone: no such process, or only one that has exited and waits to be reaped
/// (a zombie is not running, whoever reaps it).
func isProcessGone(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
}
