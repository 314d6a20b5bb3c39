import AsyncHTTPClient

/// Downloads one file to disk so that a file under its final name is always whole.
///
/// The bytes stream to `FINAL.part` as they arrive (never the whole file in memory; the
/// client's body applies backpressure), then the part is fsynced, renamed to `FINAL` only when
/// its size matches what the server announced (and `expectedSize`), and the folder fsynced.
/// `FINAL.part.json` keeps the server's ETag, Last-Modified and total, so that a later
/// attempt resumes a failed, cancelled or killed one with `Range` and `If-Range`.
///
///     let downloader = FileDownloader(stallTimeout: .seconds(30))
///     let file = try await downloader.download(
///         from: "http://127.0.0.1:8700/v1/titles/t1/file",
///         headers: [("Authorization", "Bearer \(token)")],
///         to: "/media/Films/Alien.mkv"
///     ) { report in
///         if case .received(let bytes) = report { print(bytes) }
///     }
///     print(file.size, file.resumedFrom)
///
/// `file://` addresses are copied by the same rules (a part, fsync, rename, resume).
/// Errors are `FileDownloadError` (one readable line each) or `CancellationError`.
package struct FileDownloader: Sendable {
    /// The HTTP client; it should follow no redirect and leave bodies undecoded, as
    /// `sharedClient` does.
    package var client: HTTPClient
    /// How long a transfer may go without a byte before it fails as stalled.
    package var stallTimeout: Duration
    /// How many bytes pass between two `.received` reports (the last is always told).
    package var progressStep: Int64
    /// The size of each read and write of a `file://` copy.
    package var copyChunkSize: Int

    package init(
        client: HTTPClient = FileDownloader.sharedClient,
        stallTimeout: Duration = .seconds(30),
        progressStep: Int64 = 256 << 10,
        copyChunkSize: Int = 1 << 20
    ) {
        self.client = client
        self.stallTimeout = stallTimeout
        self.progressStep = progressStep
        self.copyChunkSize = copyChunkSize
    }

    /// Downloads `url` to `finalPath` (its folder made if missing), resuming `finalPath.part`
    /// when an earlier attempt left one.
    ///
    /// - Parameters:
    ///   - url: `http://`, `https://` or `file://`.
    ///   - headers: sent with each request (an Authorization header, say); not for file://.
    ///   - expectedSize: when given, a file of another size is refused (`.sizeMismatch`).
    ///   - progress: `.size` once the size is known, then `.received` as bytes reach the disk.
    /// - Returns: the finished file, under `finalPath`.
    package func download(
        from url: String,
        headers: [(String, String)] = [],
        to finalPath: String,
        expectedSize: Int64? = nil,
        progress: @Sendable (DownloadReport) -> Void
    ) async throws -> DownloadedFile {
        let lowered = url.lowercased()
        guard !finalPath.isEmpty, !finalPath.hasSuffix("/") else {
            throw FileDownloadError.cannotWrite(path: finalPath, reason: "not a file name")
        }
        let target = DownloadTarget(finalPath: finalPath)
        try Disk.makeFolder(target.folder)
        return try await withoutActuallyEscaping(progress) { progress in
            if lowered.hasPrefix("file://") {
                return try await copy(url, to: target, expectedSize: expectedSize, progress: progress)
            }
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
                throw FileDownloadError.unsupportedURL(url)
            }
            let sendableHeaders = headers.map { HeaderField(name: $0.0, value: $0.1) }
            return try await StallWatch.run(timeout: stallTimeout) { watch in
                try await fetch(url, headers: sendableHeaders, to: target, expectedSize: expectedSize,
                                progress: progress, watch: watch)
            }
        }
    }
}
