import Downloads
import FileDownload

/// One part's transfer, worked out: where from, with which headers, to which final path.
struct TransferPlan: Sendable {
    let url: String
    let headers: [(String, String)]
    let finalPath: String

    /// Fetches the part, reporting `.size`, `.received` (from the file's first byte, a resumed
    /// `.part` included) and `.finished`; a final file already there is reported at once.
    /// Holds the final path meanwhile, so that a transfer started again waits for this one.
    func run(with downloader: FileDownloader, report: @escaping @Sendable (DownloadProgress) -> Void) async throws {
        guard await PathLocks.shared.acquire(finalPath) else { throw CancellationError() }
        defer { PathLocks.shared.release(finalPath) }
        try Task.checkCancellation()
        // A final name exists only whole (FileDownloader renames a complete part): an earlier
        // run finished it, perhaps just before the app could record it.
        if let size = LocalFiles.size(of: finalPath) {
            report(.size(size))
            report(.received(size))
            report(.finished(localPath: finalPath))
            return
        }
        let file = try await downloader.download(from: url, headers: headers, to: finalPath) { progress in
            switch progress {
            case .size(let total): report(.size(total.map { Int($0) }))
            case .received(let bytes): report(.received(Int(bytes)))
            }
        }
        report(.finished(localPath: file.path))
    }
}
