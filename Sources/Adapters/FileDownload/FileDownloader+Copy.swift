import Catalog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileDownloader {
    /// Copies a `file://` source by the download's rules: to the part in chunks (with
    /// progress), fsynced, renamed when whole; a part of the same source (same size and
    /// modification time in its sidecar) is resumed.
    func copy(
        _ url: String, to target: DownloadTarget, expectedSize: Int64?,
        progress: @escaping @Sendable (DownloadReport) -> Void
    ) async throws -> DownloadedFile {
        guard let source = Self.localPath(of: url) else { throw FileDownloadError.unsupportedURL(url) }
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? FileDownloadError.notFound(url)
                : FileDownloadError.cannotRead(path: source, reason: Disk.reason(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileDownloadError.cannotRead(path: source, reason: "not a regular file")
        }
        let total = Int64(info.st_size)
        if let expectedSize, expectedSize != total { throw FileDownloadError.sizeMismatch(expected: expectedSize, actual: total) }
        #if canImport(Glibc)
        let stamp = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
        let stamp = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
        #endif
        let sidecar = PartSidecar(etag: nil, lastModified: stamp, total: total)
        let leftover = target.leftover(expectedSize: total).flatMap { $0.sidecar == sidecar ? $0 : nil }
        if leftover == nil {
            target.discard()
            try sidecar.save(target.sidecarPath)
        }
        let part = try PartFile(path: target.partPath, truncating: leftover == nil)
        let resumedFrom = part.size
        progress(.size(total))
        var reporter = ProgressReporter(step: progressStep, report: progress)
        reporter.received(part.size, force: true)
        var chunk = [UInt8](repeating: 0, count: max(copyChunkSize, 4096))
        while part.size < total {
            try Task.checkCancellation()
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(part.size)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileDownloadError.cannotRead(path: source, reason: Disk.reason(errno)) }
            guard count > 0 else { break }
            try chunk.withUnsafeBytes { bytes in
                try part.append(UnsafeRawBufferPointer(rebasing: bytes[..<count]))
            }
            reporter.received(part.size)
            await Task.yield()
        }
        try Task.checkCancellation()
        guard part.size == total else { throw FileDownloadError.sizeMismatch(expected: total, actual: part.size) }
        try target.finish(part)
        reporter.received(part.size, force: true)
        return DownloadedFile(path: target.finalPath, size: total, resumedFrom: resumedFrom, lastModified: nil)
    }

    /// The path of a `file://` URL (`file:///a/b`, `file://localhost/a/b`), percent-decoded.
    static func localPath(of url: String) -> String? {
        var rest = Substring(url.dropFirst("file://".count))
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/") else { return nil }
        let bytes = PercentDecoding.bytes(of: rest)
        guard !bytes.contains(0) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
