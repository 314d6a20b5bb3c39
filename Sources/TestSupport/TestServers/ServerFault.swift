/// What a `FileServer` does with one request (each queued fault answers one request, then
/// the server serves normally).
package enum ServerFault: Equatable, Sendable {
    /// Serves as a file server does: `Range` (one `bytes=N-` or `bytes=N-M`), `If-Range` against
    /// the current ETag, 206, 416 past the end, 200 otherwise.
    case normal
    /// Answers as `.normal`, but closes the connection after this many bytes of the body.
    case dropAfter(Int64)
    /// Answers as `.normal`, but sends nothing more after this many bytes of the body.
    case stallAfter(Int64)
    /// Answers 200 with the whole file, whatever the range.
    case ignoreRange
    /// Announces a Content-Length this much larger than the file, sends the file, closes.
    case lieLength(extra: Int64)
    /// Answers this status with an empty body.
    case status(Int)
    /// Never answers.
    case hold
}
