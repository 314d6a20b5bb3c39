#if canImport(Glibc)
import Glibc
#endif

/// A port on 127.0.0.1 where connections are refused at once: a socket bound to it that never
/// listens, kept open for the rest of the process. A port merely bound then closed could be
/// taken meanwhile by another test's server, which would answer instead of refusing.
///
///     let port = try RefusingPort.make()
///     // connecting to 127.0.0.1:port fails with ECONNREFUSED
package enum RefusingPort {
    package struct Failed: Error, CustomStringConvertible {
        package let description: String
    }

    package static func make() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failed(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failed(description: "bind: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
