import Catalog
import Hummingbird
import NIOCore
import NIOFileSystem
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextFormat

/// Answers a request for one of the library's files: the bytes streamed in chunks by NIO's
/// file system (never the whole file in memory), one `Range` (206), `If-Range`,
/// `ETag`/`If-None-Match` (304), `Last-Modified` and the `Content-Type` of its extension. The
/// path comes from the library, never from the request, and the file is served only if it is
/// inside the library's folders (`ServingRoots`).
///
///     return try await FileReply.response(path: served.videoFile!, roots: roots, request: request)
enum FileReply {
    /// Bytes read and written at a time.
    static let chunkSize = 128 * 1024

    static func response(path: String, roots: ServingRoots, request: Request) async throws -> Response {
        let pool = NIOThreadPool.singleton
        let opened = try await pool.runIfActive { () -> ServedFile? in
            guard let (descriptor, file) = ServedFile.open(path, within: roots) else { return nil }
            close(descriptor)
            return file
        }
        guard let file = opened else {
            return Reply.error(.notFound, "the file of this title is not served: it is gone, or outside the library's folders")
        }
        var headers: HTTPFields = [:]
        headers[.acceptRanges] = "bytes"
        headers[.eTag] = file.etag
        headers[.lastModified] = HTTPDate.string(secondsSince1970: Int(file.modified / 1_000_000_000))
        if Self.matches(request.headers[.ifNoneMatch], etag: file.etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = ContentType.of(path)
        // A Range applies only to the version If-Range names, when it names one.
        let ifRange = request.headers[.ifRange]
        let rangeHeader = ifRange == nil || ifRange == file.etag ? request.headers[.range] : nil
        switch ByteRange(header: rangeHeader, size: file.size) {
        case .whole:
            return Response(status: .ok, headers: headers, body: body(path: path, roots: roots, file: file, range: 0 ..< file.size))
        case .part(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(file.size)"
            return Response(status: .partialContent, headers: headers,
                            body: body(path: path, roots: roots, file: file, range: range.lowerBound ..< range.upperBound + 1))
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(file.size)"
            return Reply.error(.rangeNotSatisfiable, "the range is outside the file (\(CountText.of(file.size, "byte", "bytes")))", headers: headers)
        }
    }

    /// Whether `If-None-Match` names `etag` (weakly compared) or is `*`.
    static func matches(_ ifNoneMatch: String?, etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            var tag = candidate.drop { $0 == " " }
            while tag.last == " " { tag = tag.dropLast() }
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == etag
        }
    }

    /// The bytes of `range`, read when the answer is written, by NIO's file system in chunks
    /// as the client takes them. The file is opened again then (`ServedFile.open`: never a FIFO
    /// or a device, never outside `roots`); if it is not the one described in the head any
    /// more, or it ends before the range does, the answer is cut short. NIO reads the very file
    /// checked: it opens the checked descriptor's own /proc/self/fd entry, and the handle it
    /// gets is checked again.
    private static func body(path: String, roots: ServingRoots, file: ServedFile, range: Range<Int64>) -> ResponseBody {
        ResponseBody(contentLength: Int(range.count)) { writer in
            let pool = NIOThreadPool.singleton
            let descriptor = try await pool.runIfActive { () throws -> Int32 in
                guard let (descriptor, now) = ServedFile.open(path, within: roots) else { throw FileReadError.changed }
                guard now == file else {
                    close(descriptor)
                    throw FileReadError.changed
                }
                return descriptor
            }
            defer { close(descriptor) }
            try await FileSystem(threadPool: pool).withFileHandle(forReadingAt: FilePath("/proc/self/fd/\(descriptor)")) { handle in
                let same = try await handle.withUnsafeDescriptor { ServedFile.of(descriptor: $0.rawValue) == file }
                guard same else { throw FileReadError.changed }
                var sent: Int64 = 0
                for try await chunk in handle.readChunks(in: range, chunkLength: .bytes(Int64(chunkSize))) {
                    sent += Int64(chunk.readableBytes)
                    try await writer.write(chunk)
                }
                // The file shrank: the answer would be shorter than its Content-Length.
                guard sent == range.count else { throw FileReadError.changed }
            }
            try await writer.finish(nil)
        }
    }
}

/// The file changed or vanished while it was being sent.
private enum FileReadError: Error {
    case changed
}
