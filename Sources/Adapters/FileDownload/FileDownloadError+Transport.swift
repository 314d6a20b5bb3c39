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

extension FileDownloadError {
    /// The user's words for an error under HTTP (the connection, the name, the bytes), with
    /// what was on disk when it happened. A cancellation stays `CancellationError`.
    static func mapped(_ error: any Error, origin: String, received: Int64, total: Int64?) -> any Error {
        switch error {
        case is CancellationError:
            return CancellationError()
        case let error as FileDownloadError:
            return error
        case let error as NIOConnectionError:
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return FileDownloadError.hostNotFound(error.host)
            }
            if let first = error.connectionErrors.first {
                return mapped(first.error, origin: origin, received: received, total: total)
            }
            return FileDownloadError.unreachable(host: origin, reason: "no address to connect to")
        case let error as SocketAddressError.UnknownHost:
            return FileDownloadError.hostNotFound(error.host)
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED:
                return FileDownloadError.unreachable(host: origin, reason: "connection refused")
            case ECONNRESET, EPIPE, ECONNABORTED:
                return FileDownloadError.connectionClosed(received: received, total: total)
            case let code:
                return FileDownloadError.unreachable(host: origin, reason: Disk.reason(code))
            }
        case let error as HTTPClientError:
            switch error {
            case .cancelled:
                return CancellationError()
            case .remoteConnectionClosed, .uncleanShutdown, .bodyLengthMismatch:
                return FileDownloadError.connectionClosed(received: received, total: total)
            case .connectTimeout, .tlsHandshakeTimeout:
                return FileDownloadError.unreachable(host: origin, reason: "connecting timed out")
            case .invalidURL, .emptyHost, .emptyScheme:
                return FileDownloadError.unsupportedURL(origin)
            default:
                return FileDownloadError.unreachable(host: origin, reason: TextCleaning.clean(String(describing: error), limit: 200))
            }
        case let error as ChannelError:
            if case .connectTimeout = error {
                return FileDownloadError.unreachable(host: origin, reason: "connecting timed out")
            }
            return FileDownloadError.connectionClosed(received: received, total: total)
        case let error as HTTPParserError:
            return error == .invalidEOFState
                ? FileDownloadError.connectionClosed(received: received, total: total)
                : FileDownloadError.invalidAnswer("not HTTP the client can read")
        default:
            return FileDownloadError.unreachable(host: origin, reason: TextCleaning.clean(String(describing: error), limit: 200))
        }
    }
}
