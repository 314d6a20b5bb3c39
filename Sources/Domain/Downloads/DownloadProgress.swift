/// What a `DownloadSource` reports while it fetches one part of a title, in order: the size
/// first (nil when the server does not say), then, when the part continues a file kept from an
/// earlier attempt, how much of it was there, then the bytes received so far, then where the
/// finished file is.
///
///     for try await progress in source.transfer(.video, of: title) {
///         if case .received(let bytes) = progress { print(bytes) }
///     }
package enum DownloadProgress: Equatable, Sendable, Codable {
    /// The part's total size in bytes, or nil when it is not known (yet).
    case size(Int?)
    /// The part continues from this many bytes already on disk (a `.part` kept from an earlier
    /// attempt, or a file already whole): they count as received, not as received now, so the
    /// speed leaves them out.
    case resumed(Int)
    /// Bytes received so far (a running total, not an increment).
    case received(Int)
    /// The part is complete and stored at this local path.
    case finished(localPath: String)
}
