import AsyncHTTPClient
import NIOCore
import ServerWire

/// What the server answered for a title's picture (`WireArt`).
package enum RemoteArtAnswer: Equatable, Sendable {
    /// The picture as PNG (at most `WireArt.maximumBytes`), and its `ETag`.
    case picture(png: [UInt8], tag: String?)
    /// The picture is still the one whose `ETag` was sent.
    case notModified
    /// The title has no picture on the server.
    case none
}

extension RemoteProvider {
    /// `GET /v1/titles/{id}/art` with the token, `If-None-Match: tag` when a copy is kept, the
    /// whole of it within `timeout`; a PNG longer than `WireArt.maximumBytes` is refused as soon
    /// as it passes it.
    ///
    ///     let answer = try await provider.art(of: title.id, kind: .poster, width: 150, tag: kept?.tag)
    package func art(of titleID: String, kind: WireArt.Kind, width: Int, tag: String? = nil) async throws -> RemoteArtAnswer {
        try await png(at: WireArt.path(id: titleID, kind: kind, width: width), tag: tag, maximumBytes: WireArt.maximumBytes, within: timeout)
    }

    /// `GET /v1/groups/art`: a show's picture (`season` nil) or a season's, as `art(of:…)` asks.
    ///
    ///     let answer = try await provider.art(ofShow: "Dark", season: 2, kind: .poster, width: 150)
    package func art(ofShow show: String, season: Int?, kind: WireArt.Kind, width: Int, tag: String? = nil) async throws -> RemoteArtAnswer {
        try await png(at: WireArt.groupPath(show: show, season: season, kind: kind, width: width), tag: tag,
                      maximumBytes: WireArt.maximumBytes, within: timeout)
    }

    /// `GET /v1/titles/{id}/previews/{n}`: a title's seek preview sheet, which the server may
    /// have to make first (`WirePreviews.patience`), at most `WirePreviews.maximumBytes`.
    ///
    ///     let answer = try await provider.previewSheet(of: title.id, sheet: 0, tag: kept?.tag)
    package func previewSheet(of titleID: String, sheet: Int, tag: String? = nil) async throws -> RemoteArtAnswer {
        try await png(at: WirePreviews.path(id: titleID, sheet: sheet), tag: tag, maximumBytes: WirePreviews.maximumBytes,
                      within: WirePreviews.patience)
    }

    /// A PNG of the server's at `path` (and query): 200 (at most `maximumBytes`), 304 or 404,
    /// the whole answer within `limit`.
    package func png(at path: String, tag: String?, maximumBytes: Int, within limit: Duration) async throws -> RemoteArtAnswer {
        var request = HTTPClientRequest(url: server.url(path))
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "image/png")
        if let tag { request.headers.add(name: "If-None-Match", value: tag) }
        let (timeout, sent, client, server) = (limit, request, client, server)
        return try await withThrowingTaskGroup(of: RemoteArtAnswer?.self) { group in
            group.addTask {
                do {
                    let response = try await client.execute(sent, timeout: .nanoseconds(timeout.nanoseconds))
                    switch response.status.code {
                    case 200:
                        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > maximumBytes {
                            throw RemoteError.pageTooBig
                        }
                        var bytes: [UInt8] = []
                        for try await buffer in response.body {
                            guard bytes.count + buffer.readableBytes <= maximumBytes else { throw RemoteError.pageTooBig }
                            bytes.append(contentsOf: buffer.readableBytesView)
                        }
                        return .picture(png: bytes, tag: response.headers.first(name: "etag"))
                    case 304: return .notModified
                    case 404: return RemoteArtAnswer.none
                    case 401: throw RemoteError.unauthorized
                    case let status:
                        throw status >= 500 ? RemoteError.serverFailed(status: Int(status), message: "")
                            : RemoteError.refused(status: Int(status), message: "")
                    }
                } catch let error as RemoteError {
                    throw error
                } catch {
                    if error is CancellationError || (error as? HTTPClientError) == .cancelled { throw CancellationError() }
                    throw RemoteError(transport: error, server: server, timeout: timeout)
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let answer = first else { throw RemoteError.timedOut(timeout) }
            return answer
        }
    }
}
