import Catalog
import ServerWire
import TextFormat

/// Why a download did not finish, in one line a user can read. After any of them no file is
/// under the final name; what arrived stays in `FINAL.part` for the next attempt to resume.
///
///     do { _ = try await downloader.download(from: url, headers: [], to: path) { _ in } }
///     catch let error as FileDownloadError {
///         print(error)   // the disk is full (writing /media/a.mkv.part)
///     }
package enum FileDownloadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address is not an http://, https:// or file:// URL Spindle can use.
    case unsupportedURL(String)
    /// Nothing answered at `host`: `reason` is the system's words ("connection refused").
    case unreachable(host: String, reason: String)
    /// The host's name did not resolve.
    case hostNotFound(String)
    /// The connection ended before the whole file arrived (reset, or closed early).
    case connectionClosed(received: Int64, total: Int64?)
    /// No byte arrived for this long (the stall timeout).
    case stalled(Duration)
    /// 404 (or a file:// source that does not exist).
    case notFound(String)
    /// 401 or 403.
    case unauthorized(status: Int)
    /// A redirect, which the downloader does not follow.
    case redirected(status: Int, to: String)
    /// Another status: 5xx or a 4xx the downloader does not expect.
    case httpStatus(Int)
    /// The server's answer breaks HTTP's rules for a download (a Content-Range that does not
    /// fit the request, a body longer than announced): `reason` says which.
    case invalidAnswer(String)
    /// The bytes received are not as many as announced or expected.
    case sizeMismatch(expected: Int64, actual: Int64)
    /// `ENOSPC` (or `EDQUOT`) while writing `path`.
    case diskFull(path: String)
    /// The final file's folder does not exist and could not be made.
    case cannotCreateFolder(path: String, reason: String)
    /// A file could not be opened, written, synced or renamed: `reason` is the system's words.
    case cannotWrite(path: String, reason: String)
    /// A file:// source could not be read.
    case cannotRead(path: String, reason: String)

    package var description: String {
        switch self {
        case .unsupportedURL(let url):
            "cannot download \"\(TextCleaning.clean(url, limit: 200))\": only http://, https:// and file:// addresses"
        case .unreachable(let host, let reason):
            "cannot reach \(TextCleaning.clean(host, limit: 200)): \(reason)"
        case .hostNotFound(let host):
            "cannot find host \(TextCleaning.clean(host, limit: 200))"
        case .connectionClosed(let received, let total):
            total.map {
                "the connection closed after \(CountText.bytes(received)) of \(CountText.bytes($0)) (run again to resume)"
            } ?? "the connection closed after \(CountText.bytes(received)) (run again to resume)"
        case .stalled(let timeout):
            "no bytes arrived for \(TextCleaning.duration(timeout)): the download stalled (run again to resume)"
        case .notFound(let url):
            "the server has no such file: \(TextCleaning.clean(url, limit: 200))"
        case .unauthorized(let status):
            "not authorized (\(status)): the server refused the request"
        case .redirected(let status, let location):
            "the server redirects (\(status)) to \(TextCleaning.clean(location, limit: 200)): give that address instead"
        case .httpStatus(let status):
            status >= 500 ? "the server failed (\(status))" : "the server refused the request (\(status))"
        case .invalidAnswer(let reason):
            "the server's answer cannot be used: \(reason)"
        case .sizeMismatch(let expected, let actual):
            "size mismatch: expected \(CountText.grouped(expected)) bytes, got \(CountText.grouped(actual))"
        case .diskFull(let path):
            "the disk is full (writing \(TextCleaning.clean(path, limit: 200)))"
        case .cannotCreateFolder(let path, let reason):
            "cannot create the folder \(TextCleaning.clean(path, limit: 200)): \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write \(TextCleaning.clean(path, limit: 200)): \(reason)"
        case .cannotRead(let path, let reason):
            "cannot read \(TextCleaning.clean(path, limit: 200)): \(reason)"
        }
    }
}
