import AsyncHTTPClient
import Catalog
import NIOCore
import NIOHTTP1
import TextFormat

extension FileDownloader {
    /// How one request ended: the file is finished, or the part cannot be resumed and the
    /// download starts over with a request for the whole file.
    enum Exchange {
        case finished(DownloadedFile)
        case startOver
    }

    /// Downloads over HTTP: offers the leftover part (if any) for resuming, and starts over once
    /// when the server's answer does not fit it.
    func fetch(
        _ url: String, headers: [HeaderField], to target: DownloadTarget, expectedSize: Int64?,
        progress: @escaping @Sendable (DownloadReport) -> Void, watch: StallWatch
    ) async throws -> DownloadedFile {
        var leftover = target.leftover(expectedSize: expectedSize)
        while true {
            let outcome = try await exchange(url, headers: headers, to: target, expectedSize: expectedSize,
                                             resuming: leftover, progress: progress, watch: watch)
            switch outcome {
            case .finished(let file):
                return file
            case .startOver:
                // Only a resumed request can end so; the next asks for the whole file.
                target.discard()
                leftover = nil
            }
        }
    }

    /// One request: for the whole file, or for the rest of `leftover` (`Range`, `If-Range`).
    private func exchange(
        _ url: String, headers: [HeaderField], to target: DownloadTarget, expectedSize: Int64?,
        resuming leftover: Leftover?, progress: @escaping @Sendable (DownloadReport) -> Void, watch: StallWatch
    ) async throws -> Exchange {
        var request = HTTPClientRequest(url: url)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        request.headers.replaceOrAdd(name: "Accept-Encoding", value: "identity")
        if let leftover {
            request.headers.replaceOrAdd(name: "Range", value: "bytes=\(leftover.size)-")
            if let validator = leftover.sidecar.ifRange {
                request.headers.replaceOrAdd(name: "If-Range", value: validator)
            }
        }
        let origin = Self.origin(of: url)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, deadline: .distantFuture)
        } catch {
            throw FileDownloadError.mapped(error, origin: origin, received: leftover?.size ?? 0, total: nil)
        }
        watch.touch()
        let headers = response.headers
        let etag = headers.first(name: "etag")
        let lastModified = headers.first(name: "last-modified")
        // The type of the file's bytes (a 416's is its error page's, so it is not taken).
        let contentType = headers.first(name: "content-type")
        switch response.status.code {
        case 200:
            let total = headers.first(name: "content-length").flatMap { Int64($0) }
            try Self.check(total, expectedSize)
            // A fresh file, or the server ignored the range (or If-Range failed): from byte 0.
            try PartSidecar(etag: etag, lastModified: lastModified, total: total).save(target.sidecarPath)
            let part = try PartFile(path: target.partPath, truncating: true)
            return try await receive(response, into: part, total: total, target: target, origin: origin,
                                     expectedSize: expectedSize, resumedFrom: 0,
                                     validators: (etag, lastModified), contentType: contentType, progress: progress, watch: watch)
        case 206:
            guard let leftover else { throw FileDownloadError.invalidAnswer("a part (206) of a whole file asked for") }
            guard let range = headers.first(name: "content-range").flatMap(ContentRange.init),
                  let bytes = range.range, bytes.lowerBound == leftover.size,
                  let total = range.total, total == leftover.sidecar.total, bytes.upperBound == total - 1,
                  etag == nil || leftover.sidecar.etag == nil || etag == leftover.sidecar.etag
            else { return .startOver }
            try Self.check(total, expectedSize)
            let part = try PartFile(path: target.partPath, truncating: false)
            guard part.size == leftover.size else { return .startOver }
            return try await receive(response, into: part, total: total, target: target, origin: origin,
                                     expectedSize: expectedSize, resumedFrom: leftover.size,
                                     validators: (leftover.sidecar.etag, leftover.sidecar.lastModified),
                                     contentType: contentType, progress: progress, watch: watch)
        case 416:
            // Nothing after the part's end: the part is whole if it is as long as the total.
            guard let leftover else { throw FileDownloadError.httpStatus(416) }
            let announced = headers.first(name: "content-range").flatMap(ContentRange.init)?.total
            guard leftover.size == leftover.sidecar.total, announced == nil || announced == leftover.size
            else { return .startOver }
            let part = try PartFile(path: target.partPath, truncating: false)
            guard part.size == leftover.size else { return .startOver }
            progress(.size(leftover.size))
            progress(.received(leftover.size))
            try target.finish(part)
            return .finished(DownloadedFile(path: target.finalPath, size: leftover.size, resumedFrom: leftover.size,
                                            etag: leftover.sidecar.etag, lastModified: leftover.sidecar.lastModified))
        case 401, 403:
            throw FileDownloadError.unauthorized(status: Int(response.status.code))
        case 404, 410:
            throw FileDownloadError.notFound(url)
        case 300 ..< 400:
            throw FileDownloadError.redirected(status: Int(response.status.code),
                                               to: headers.first(name: "location") ?? "")
        case let status:
            throw FileDownloadError.httpStatus(Int(status))
        }
    }

    /// Streams the body to the part, chunk by chunk as it arrives, then finishes the file.
    private func receive(
        _ response: HTTPClientResponse, into part: PartFile, total: Int64?, target: DownloadTarget, origin: String,
        expectedSize: Int64?, resumedFrom: Int64, validators: (etag: String?, lastModified: String?), contentType: String?,
        progress: @escaping @Sendable (DownloadReport) -> Void, watch: StallWatch
    ) async throws -> Exchange {
        progress(.size(total))
        var reporter = ProgressReporter(step: progressStep, report: progress)
        reporter.received(part.size, force: true)
        do {
            for try await buffer in response.body {
                watch.touch()
                if let total, part.size + Int64(buffer.readableBytes) > total {
                    throw FileDownloadError.invalidAnswer("more bytes than the \(CountText.grouped(total)) announced")
                }
                try buffer.withUnsafeReadableBytes { try part.append($0) }
                reporter.received(part.size)
            }
        } catch let error as FileDownloadError {
            throw error
        } catch {
            throw FileDownloadError.mapped(error, origin: origin, received: part.size, total: total)
        }
        try Task.checkCancellation()
        let expected = total ?? expectedSize
        if let expected, part.size != expected {
            throw part.size < expected && total != nil
                ? FileDownloadError.connectionClosed(received: part.size, total: total)
                : FileDownloadError.sizeMismatch(expected: expected, actual: part.size)
        }
        try target.finish(part)
        reporter.received(part.size, force: true)
        return .finished(DownloadedFile(path: target.finalPath, size: part.size, resumedFrom: resumedFrom,
                                        etag: validators.etag, lastModified: validators.lastModified, contentType: contentType))
    }

    /// Refuses an announced total that is not the size the caller expects.
    private static func check(_ total: Int64?, _ expectedSize: Int64?) throws(FileDownloadError) {
        if let total, let expectedSize, total != expectedSize {
            throw .sizeMismatch(expected: expectedSize, actual: total)
        }
    }

    /// "host:port" of `url`, for messages.
    static func origin(of url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(authority.split(separator: "@").last ?? authority[...])
    }
}
