import Catalog
import Hummingbird
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextFormat

/// Answers a request for one of the library's files: the bytes streamed in chunks (never the
/// whole file in memory), one `Range` (206), `ETag`/`If-None-Match` (304), `Last-Modified`
/// and the `Content-Type` of its extension. The path comes from the library, never from the
/// request, and the file is served only if it is inside the library's folders (`ServingRoots`).
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

    /// The bytes of `range`, read when the answer is written. The file is opened again then;
    /// if it is not the one described in the head any more, the answer is cut short.
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
            var offset = range.lowerBound
            while offset < range.upperBound {
                let length = Int(min(Int64(chunkSize), range.upperBound - offset))
                let start = offset
                let chunk = try await pool.runIfActive { try read(descriptor, offset: start, length: length) }
                offset += Int64(chunk.readableBytes)
                try await writer.write(chunk)
            }
            try await writer.finish(nil)
        }
    }

    /// Up to `length` bytes at `offset`; throws at the end of the file (it shrank) or on errors.
    private static func read(_ descriptor: Int32, offset: Int64, length: Int) throws -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: length)
        var result = 0
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { bytes in
            repeat {
                result = pread(descriptor, bytes.baseAddress, length, off_t(offset))
            } while result < 0 && errno == EINTR
            return max(0, result)
        }
        guard result > 0 else { throw FileReadError.changed }
        return buffer
    }
}

/// The file changed or vanished while it was being sent.
private enum FileReadError: Error {
    case changed
}
