import Foundation
import SpinTesting
import TestSupport

/// A raw TCP connection to 127.0.0.1 for the end-to-end tests of `spindle serve`: one that says
/// nothing, one that trickles a request, or one plain request and its status. Blocking calls,
/// bounded by socket timeouts; run them off the test's task (`Thread`).
final class LoopbackSocket: @unchecked Sendable {
    let descriptor: Int32

    /// Connects, giving up after `timeout` seconds (a server that accepts nothing; by default
    /// `Wait.deadline`, for a loaded machine).
    init?(port: Int, timeout: Int = Int(Wait.deadline.components.seconds)) {
        descriptor = loopbackConnect(port: port, receiveTimeout: timeout, sendTimeout: timeout)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Whether the server has neither closed the connection nor answered on it (a look that
    /// does not wait).
    var isOpen: Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// The status of the answer's first line, or nil (closed, timed out).
    func status() -> Int? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.contains(10) {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            received += chunk[..<count]
        }
        let line = String(decoding: received.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
        return line.count >= 2 ? Int(line[1]) : nil
    }

    /// `GET path` with the token on a new connection: its status, or nil.
    static func get(_ path: String, port: Int, token: String) -> Int? {
        guard let socket = LoopbackSocket(port: port) else { return nil }
        guard socket.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n")
        else { return nil }
        return socket.status()
    }

    /// Runs blocking socket work on a thread of its own.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}

/// CPU seconds `pid` has used (user and system), from /proc.
func cpuSeconds(of pid: pid_t) -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
