/// A file a `FileDownloader` finished: under its final name, its bytes and folder fsynced.
///
///     let file = try await downloader.download(from: url, headers: [], to: "/media/a.mkv") { _ in }
///     print(file.path, file.size, file.resumedFrom)   // /media/a.mkv 734003200 0
package struct DownloadedFile: Equatable, Sendable {
    /// The final path, as given.
    package var path: String
    /// Its size in bytes.
    package var size: Int64
    /// How many bytes an earlier attempt had left in `FINAL.part` and this one kept (0 when
    /// the download started from the first byte).
    package var resumedFrom: Int64
    /// The server's ETag for the bytes, when it gave one.
    package var etag: String?
    /// The server's Last-Modified for the bytes, when it gave one.
    package var lastModified: String?
    /// The server's Content-Type for the bytes, as it gave it ("video/x-matroska"); nil when
    /// it gave none, and for a `file://` copy.
    package var contentType: String?

    package init(path: String, size: Int64, resumedFrom: Int64, etag: String? = nil, lastModified: String? = nil,
                 contentType: String? = nil) {
        self.path = path
        self.size = size
        self.resumedFrom = resumedFrom
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
    }
}
