/// What a download tells while it runs: the size once known, then the bytes on disk so far.
///
///     let file = try await downloader.download(from: url, headers: [], to: path) { report in
///         switch report {
///         case .size(let total): print("size:", total.map(String.init) ?? "unknown")
///         case .received(let bytes): print("on disk:", bytes)
///         }
///     }
///
/// `.size` comes first, once per attempt (nil when the server does not say); `.received`
/// counts from the start of the file, so a resumed download starts at the part's size: the
/// first `.received` after each `.size` is what the file held when that attempt began (0, or the
/// resumed `.part`'s size), before any byte of the attempt.
package enum DownloadReport: Equatable, Sendable {
    /// The whole file's size in bytes, or nil when the server does not announce it.
    case size(Int64?)
    /// The bytes of the file on disk so far (the resumed part included).
    case received(Int64)
}
