import Downloads
import FileDownload
import Synchronization

/// One part's transfer, worked out: where from, with which headers, to which final path.
struct TransferPlan: Sendable {
    let url: String
    let headers: [(String, String)]
    let finalPath: String
    /// Where else a finished earlier run may have left the file (a video renamed for its
    /// `Content-Type`, or stored under an older name): found there, it is not fetched again.
    var storedElsewhere: [String] = []
    /// Whether the file takes the extension of its `Content-Type` once downloaded (a video
    /// whose URL has none).
    var takesTypeExtension = false

    /// Fetches the part, reporting `.size`, `.resumed` (the bytes of a `.part` it continues),
    /// `.received` (from the file's first byte, a resumed `.part` included) and `.finished`; a
    /// final file already there is reported at once, as resumed whole.
    /// Holds the final path meanwhile, so that a transfer started again waits for this one.
    func run(with downloader: FileDownloader, report: @escaping @Sendable (DownloadProgress) -> Void) async throws {
        guard await PathLocks.shared.acquire(finalPath) else { throw CancellationError() }
        defer { PathLocks.shared.release(finalPath) }
        try Task.checkCancellation()
        // A final name exists only whole (FileDownloader renames a complete part): an earlier
        // run finished it, perhaps just before the app could record it.
        for path in [finalPath] + storedElsewhere {
            guard let size = LocalFiles.size(of: path) else { continue }
            report(.size(size))
            report(.resumed(size))
            report(.finished(localPath: path))
            return
        }
        // The downloader's first `.received` after each `.size` is what the file held when that
        // exchange began: a resumed `.part`'s bytes, which did not arrive now.
        let isStarting = Mutex(false)
        let file = try await downloader.download(from: url, headers: headers, to: finalPath) { progress in
            switch progress {
            case .size(let total):
                isStarting.withLock { $0 = true }
                report(.size(total.map { Int($0) }))
            case .received(let bytes):
                let isFirst = isStarting.withLock { isStarting in
                    defer { isStarting = false }
                    return isStarting
                }
                report(isFirst && bytes > 0 ? .resumed(Int(bytes)) : .received(Int(bytes)))
            }
        }
        var path = file.path
        if takesTypeExtension, let type = file.contentType, let fileExtension = VideoFileName.fileExtension(contentType: type) {
            try LocalFiles.moveDurably(path, to: path + fileExtension)
            path += fileExtension
        }
        report(.finished(localPath: path))
    }
}
