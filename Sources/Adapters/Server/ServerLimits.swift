#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long `spindle serve` waits for a client, and how many connections it keeps: what stops
/// a client that connects and says nothing, sends its request a byte at a time, or stops
/// reading an answer, from holding the server's sockets (docs/server.md, "Limits").
///
///     let limits = ServerLimits(fileDescriptors: 256)   // 96 connections, 80 kept idle, 48 long polls
package struct ServerLimits: Equatable, Sendable {
    /// From a connection's start, or the end of its last answer, to the end of the next
    /// request's head: an idle keep-alive connection and a slow sender are closed after it.
    package var requestTimeout: Duration = .seconds(10)
    /// An answer whose bytes the client has taken none of for this long is cut off.
    package var stalledReaderTimeout: Duration = .seconds(20)
    /// After SIGTERM or a first Ctrl+C, how long the transfers under way may take to finish;
    /// then every connection is closed.
    package var shutdownGrace: Duration = .seconds(10)
    /// Connections open at once; past it the server stops accepting until one closes, so it
    /// never runs out of file descriptors (each transfer holds a socket and a file).
    package var maximumConnections: Int
    /// Past this many connections, a new one closes the connection idle the longest (one
    /// with no request under way): idle sockets cannot lock real clients out.
    package var maximumIdleConnections: Int
    /// Long polls waiting at once (`GET /v1/changes?wait=`); past it, the one that has waited
    /// the longest is answered at once. Every client shares the server's one token, so this is
    /// the budget of that token and the total alike.
    package var maximumLongPolls: Int
    /// Connections the kernel keeps waiting to be accepted (it caps this at `somaxconn`). A
    /// long queue costs the server no descriptor, and a crowd of connections that come back as
    /// soon as they are closed cannot fill it, so a real client's connection is queued, never
    /// dropped (a dropped SYN is tried again only a second later).
    package var listenBacklog = 4096

    /// Limits for a process that may open `fileDescriptors` descriptors: room for a socket and
    /// a file per connection, and 64 for the rest (SQLite, the event loops, standard streams).
    package init(fileDescriptors: Int) {
        maximumConnections = min(10_000, max(8, (fileDescriptors - 64) / 2))
        maximumIdleConnections = max(4, maximumConnections - max(2, maximumConnections / 6))
        maximumLongPolls = max(2, maximumConnections / 2)
    }

    /// Limits for this process, from its soft `RLIMIT_NOFILE`.
    package static var forThisProcess: ServerLimits {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return ServerLimits(fileDescriptors: 1024) }
        return ServerLimits(fileDescriptors: Int(clamping: limit.rlim_cur))
    }

    /// Raises this process's soft limit on open files to its hard limit (at most 65,536), as a
    /// server may; returns the soft limit then in force.
    @discardableResult
    package static func raiseFileDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, 65_536)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return Int(clamping: wanted) }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
