import ServerWire
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RemoteError {
    /// The user's words for what went wrong under HTTP: the connection, the name, the bytes.
    /// A `RemoteError` is kept as it is.
    init(transport error: any Error, server: RemoteServer, timeout: Duration) {
        switch error {
        case let error as RemoteError:
            self = error
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                self = .hostNotFound(error.host)
            } else if let first = error.connectionErrors.first {
                self.init(transport: first.error, server: server, timeout: timeout)
            } else {
                self = .unreachable(server: server.address, reason: "no address to connect to")
            }
        case let error as SocketAddressError.UnknownHost:
            self = .hostNotFound(error.host)
        case let error as IOError:
            self = Self(errno: error.errnoCode, server: server)
        case let error as HTTPClientError:
            self = Self(client: error, server: server, timeout: timeout)
        case let error as ChannelError:
            switch error {
            case .connectTimeout:
                self = .unreachable(server: server.address, reason: "connecting timed out")
            default:
                self = .connectionClosed
            }
        case let error as HTTPParserError:
            // The connection ended before the body it announced.
            self = error == .invalidEOFState ? .connectionClosed : .unreadableAnswer
        default:
            self = .unreachable(server: server.address, reason: TextCleaning.clean(String(describing: error), limit: 200))
        }
    }

    private init(errno code: Int32, server: RemoteServer) {
        switch code {
        case ECONNREFUSED:
            self = .unreachable(server: server.address, reason: "connection refused")
        case ECONNRESET, EPIPE, ECONNABORTED:
            self = .connectionClosed
        default:
            let reason = String(cString: strerror(code)).lowercased()
            self = .unreachable(server: server.address, reason: reason)
        }
    }

    private init(client error: HTTPClientError, server: RemoteServer, timeout: Duration) {
        switch error {
        case .remoteConnectionClosed, .uncleanShutdown, .bodyLengthMismatch:
            self = .connectionClosed
        case .readTimeout, .deadlineExceeded:
            self = .timedOut(timeout)
        case .connectTimeout, .tlsHandshakeTimeout:
            self = .unreachable(server: server.address, reason: "connecting timed out")
        case .invalidURL, .emptyHost, .emptyScheme:
            self = .unreadableAnswer
        default:
            self = .unreachable(server: server.address, reason: TextCleaning.clean(String(describing: error), limit: 200))
        }
    }
}
