import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
import SpinTesting

/// A small HTTP/1.1 client on a raw socket, for the tests: one request per connection, read
/// as slowly as a test likes. Its blocking calls run on threads of their own (`blocking`).
final class TestConnection: @unchecked Sendable {
    private let socket: Int32
    private var buffered: [UInt8] = []

    struct Head {
        var status: Int
        var headers: [(String, String)]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
    }

    let port: Int

    /// Connects; a read gives up after `receiveTimeout` seconds without a byte (by default
    /// `Wait.deadline`, for a loaded machine).
    init(port: Int, receiveTimeout: Int = Int(Wait.deadline.components.seconds)) throws {
        self.port = port
        socket = loopbackConnect(port: port, receiveTimeout: receiveTimeout)
        guard socket >= 0 else { throw TestClientError("connect: \(errno)") }
    }

    deinit { close(socket) }

    /// Sends `GET path` with `headers` (and `Authorization: Bearer token` when given).
    func send(_ path: String, token: String?, headers: [String: String] = [:], method: String = "GET") throws {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let token { request += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try sendRaw(request)
    }

    /// Sends `text` as it is (part of a request, say).
    func sendRaw(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw TestClientError("send: \(errno)") }
            sent += count
        }
    }

    /// Whether the server has closed the connection, waiting for it at most `limit` (what it
    /// sends meanwhile is read and dropped). A blocking wait on the socket, not a poll.
    func isClosed(within limit: Duration) throws -> Bool {
        let deadline = ContinuousClock.now + limit
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = max(0, Int32((deadline - ContinuousClock.now) / .milliseconds(1)))
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, left) > 0 else { return false }
            let count = recv(socket, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count < 0, errno != EAGAIN { return false }
        }
    }

    /// Reads until the server closes: how many bytes came (throws if it does not close before
    /// the receive timeout).
    func drainUntilClosed() throws -> Int {
        var total = buffered.count
        buffered = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return total }
            guard count > 0 else { throw TestClientError("the server did not close the connection (recv: \(errno))") }
            total += count
        }
    }

    /// Reads the status line and the headers.
    func readHead() throws -> Head {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let text = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 4)
                var lines = text.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw TestClientError("status: \(text)") }
                let headers = lines.compactMap { line -> (String, String)? in
                    guard let colon = line.firstIndex(of: ":") else { return nil }
                    return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                }
                return Head(status: status, headers: headers)
            }
            guard try fill() > 0 else { throw TestClientError("closed before the head") }
        }
    }

    /// Reads up to `count` bytes of the body (fewer at the end).
    func readBody(upTo count: Int) throws -> [UInt8] {
        while buffered.count < count {
            if try fill() == 0 { break }
        }
        let taken = Array(buffered.prefix(count))
        buffered.removeFirst(taken.count)
        return taken
    }

    /// The body of a response with `head`, whole: Content-Length, or chunked, or to the end.
    func readBody(_ head: Head) throws -> [UInt8] {
        if let length = head.header("Content-Length").flatMap(Int.init) {
            return try readBody(upTo: length)
        }
        if head.header("Transfer-Encoding")?.lowercased() == "chunked" {
            var body: [UInt8] = []
            while true {
                let line = try readLine()
                guard let size = Int(line.split(separator: ";")[0], radix: 16) else { throw TestClientError("chunk \(line)") }
                if size == 0 { _ = try readLine(); return body }
                body += try readBody(upTo: size)
                _ = try readLine()
            }
        }
        return try readBody(upTo: Int.max)
    }

    private func readLine() throws -> String {
        while true {
            if let end = find([13, 10]) {
                let line = String(decoding: buffered[..<end], as: UTF8.self)
                buffered.removeFirst(end + 2)
                return line
            }
            guard try fill() > 0 else { throw TestClientError("closed in a chunk") }
        }
    }

    private func fill() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &chunk, chunk.count, 0)
        guard count >= 0 else { throw TestClientError("recv: \(errno)") }
        buffered += chunk[..<count]
        return count
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffered.count >= pattern.count else { return nil }
        for index in 0 ... buffered.count - pattern.count where buffered[index] == pattern[0] {
            if Array(buffered[index ..< index + pattern.count]) == pattern { return index }
        }
        return nil
    }

    /// Runs blocking socket work on a thread of its own: neither on the concurrency pool nor
    /// on Dispatch's few global threads, which the library's reads (GRDB) need.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

struct TestClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
