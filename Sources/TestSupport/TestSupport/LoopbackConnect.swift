#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection to 127.0.0.1:`port`, for tests that talk to a server byte by byte: the
/// socket, or -1 with `errno` set. Receives (and the connect and sends, when `sendTimeout` is
/// given) give up after their timeout, so a hung server fails a test rather than hanging it.
///
///     let socket = loopbackConnect(port: 8700, receiveTimeout: 5)
package func loopbackConnect(port: Int, receiveTimeout: Int, sendTimeout: Int? = nil) -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return -1 }
    var receive = timeval(tv_sec: receiveTimeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &receive, socklen_t(MemoryLayout<timeval>.size))
    if let sendTimeout {
        var send = timeval(tv_sec: sendTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &send, socklen_t(MemoryLayout<timeval>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        let error = errno
        close(descriptor)
        errno = error
        return -1
    }
    return descriptor
}
