import Server
#if canImport(Glibc)
import Glibc
#endif

/// Where `spindle serve` listens: `--listen ADDR:PORT` read and checked before anything else
/// is done (no scan, no database), so a typo is one line at once.
///
///     let address = try ListenAddress("0.0.0.0:8700")
///     address.isLoopback   // false: the server warns that plain HTTP crosses the network
struct ListenAddress: Equatable {
    /// The default port: 8700.
    static let defaultPort = 8700

    var host: String
    var port: Int
    /// Every address the host stands for is this machine's loopback (127.0.0.0/8, ::1).
    var isLoopback: Bool
    /// 0.0.0.0 or ::, every address of the machine.
    var isWildcard: Bool

    /// `--listen ADDR:PORT` (`[::1]:8700` for IPv6, `:8700` or `PORT` for loopback on a port);
    /// nil: 127.0.0.1:8700.
    init(_ text: String?) throws(ServerStartError) {
        (host, port) = try Self.parse(text)
        (isLoopback, isWildcard) = try Self.resolve(host, port: port)
    }

    var authority: String { LibraryServer.authority(host: host, port: port) }

    private static func parse(_ text: String?) throws(ServerStartError) -> (String, Int) {
        guard let text, !text.isEmpty else { return ("127.0.0.1", defaultPort) }
        var host = "127.0.0.1"
        var portText = text
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw .cannotListen(address: text, reason: "a ] is missing (an IPv6 address is written [::1]:8700)")
            }
            host = String(text[text.index(after: text.startIndex) ..< close])
            let rest = text[text.index(after: close)...]
            portText = rest.hasPrefix(":") ? String(rest.dropFirst()) : String(defaultPort)
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            if colon != text.startIndex { host = String(text[..<colon]) }
            portText = String(text[text.index(after: colon)...])
        } else if text.contains(":") {
            throw .cannotListen(address: text, reason: "an IPv6 address goes in brackets, as in [::1]:8700")
        } else if Int(text) == nil {
            host = text
            portText = String(defaultPort)
        }
        guard let port = Int(portText), (0 ... 65_535).contains(port) else {
            throw .cannotListen(address: text, reason: "the port must be a number from 0 to 65535")
        }
        return (host, port)
    }

    /// Whether `host` is loopback only, and whether it is the wildcard; throws when it names
    /// no address.
    private static func resolve(_ host: String, port: Int) throws(ServerStartError) -> (Bool, Bool) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotListen(address: LibraryServer.authority(host: host, port: port),
                                reason: "\(host) is no address of this machine (try 127.0.0.1, or 0.0.0.0 to share on every network)")
        }
        defer { freeaddrinfo(list) }
        var loopback = true
        var wildcard = false
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry?.pointee {
            if info.ai_family == AF_INET, let address = info.ai_addr {
                let ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
                if ip >> 24 != 127 { loopback = false }
                if ip == 0 { wildcard = true }
            } else if info.ai_family == AF_INET6, let address = info.ai_addr {
                let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                }
                let isAny = bytes.allSatisfy { $0 == 0 }
                if bytes != Array(repeating: 0, count: 15) + [1] { loopback = false }
                if isAny { wildcard = true }
            } else {
                loopback = false
            }
            entry = info.ai_next
        }
        return (loopback, wildcard)
    }
}
