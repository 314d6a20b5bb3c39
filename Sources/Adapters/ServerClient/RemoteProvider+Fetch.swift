import AsyncHTTPClient
import Catalog
import Foundation
import JSON
import ServerWire
import NIOCore

extension RemoteProvider {
    /// What a 404 means for a request: the server is not a library, or the thing is not there.
    enum NotFound {
        case noLibrary
        case isNil
    }

    /// GETs `url` with the token and decodes the JSON answer, all within `timeout`.
    ///
    /// The request runs beside a timer: whichever ends first ends the other. Cancelling the
    /// calling task cancels both, which aborts the request (its connection is closed).
    func fetch<Answer: Decodable & Sendable>(
        _ type: Answer.Type, from url: String, notFound: NotFound, posting body: [UInt8]? = nil, timeout: Duration? = nil
    ) async throws -> Answer? {
        let sent = body
        let timeout = timeout ?? self.timeout
        let body = try await withThrowingTaskGroup(of: [UInt8]??.self, returning: [UInt8]?.self) { group in
            group.addTask {
                // A kept-alive connection the server had closed (restarted, or gone since) fails
                // before any answer: a GET is asked again, on the next connection, until one says
                // what is true now (an answer, or "cannot reach"); at most once more per connection
                // the pool keeps, as a stopped server leaves all of them closed. A connection
                // closed after an answer began is not asked again.
                var closedBeforeAnswer = 0
                while true {
                    do {
                        return .some(try await self.exchange(url, notFound: notFound, body: sent, timeout: timeout))
                    } catch is ClosedBeforeAnswer where sent == nil && closedBeforeAnswer < StrictHTTPClient.connectionsPerServer {
                        closedBeforeAnswer += 1
                    } catch is ClosedBeforeAnswer {
                        throw RemoteError.connectionClosed
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next() else { throw CancellationError() }
                if let answer = first { return answer }
                // The timer rang first: the request is cancelled on leaving the group.
                throw RemoteError.timedOut(timeout)
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw error
            }
        }
        guard let body else { return nil }
        // A decoder's cost grows with the square of the nesting: a hostile answer is refused first.
        if JSONNesting.tooDeep(body) != nil { throw RemoteError.answerNestedTooDeep }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(body))
        } catch {
            throw RemoteError.unreadableAnswer
        }
    }

    /// One request and its whole body (nil for a 404 that means nil), errors as `RemoteError`,
    /// or `ClosedBeforeAnswer` when the connection closed before the answer's head.
    private func exchange(_ url: String, notFound: NotFound, body: [UInt8]?, timeout: Duration) async throws -> [UInt8]? {
        var request = HTTPClientRequest(url: url)
        if let body {
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(body)
        }
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "application/json")
        do {
            // `fetch`'s timer ends the request; the client's own deadline (only until the head)
            // is a backstop set later, so that the timer decides and says why.
            let backstop = TimeAmount.nanoseconds(timeout.nanoseconds) + .seconds(1)
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, timeout: backstop)
            } catch where RemoteError(transport: error, server: server, timeout: timeout) == .connectionClosed {
                throw ClosedBeforeAnswer()
            }
            switch response.status.code {
            case 200:
                return try await Self.read(response, limit: WireProtocol.maximumPageBytes)
            case 401:
                throw RemoteError.unauthorized
            case 404:
                guard notFound == .isNil else {
                    throw RemoteError.noLibrary(server.url(WireProtocol.titlesPath))
                }
                return nil
            case 300 ..< 400:
                let location = response.headers.first(name: "location") ?? ""
                throw RemoteError.redirected(status: Int(response.status.code), to: RemoteServer.origin(of: location))
            case let status:
                let message = await Self.message(of: response)
                throw status >= 500
                    ? RemoteError.serverFailed(status: Int(status), message: message)
                    : RemoteError.refused(status: Int(status), message: message)
            }
        } catch {
            // Cancelled by the caller or by the timer (`fetch` tells which).
            if error is CancellationError || (error as? HTTPClientError) == .cancelled {
                throw CancellationError()
            }
            if error is ClosedBeforeAnswer { throw error }
            throw RemoteError(transport: error, server: server, timeout: timeout)
        }
    }

    /// The connection closed before the answer's head: nothing of the request was answered.
    private struct ClosedBeforeAnswer: Error {}

    /// The body, refused as soon as it passes `limit` bytes (the rest is never read: leaving
    /// the loop aborts the request).
    private static func read(_ response: HTTPClientResponse, limit: Int) async throws -> [UInt8] {
        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > limit {
            throw RemoteError.pageTooBig
        }
        var bytes: [UInt8] = []
        for try await buffer in response.body {
            guard bytes.count + buffer.readableBytes <= limit else { throw RemoteError.pageTooBig }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        try Task.checkCancellation()
        return bytes
    }

    /// The `WireError` message of an error answer, cleaned for one line; "" if it has none.
    private static func message(of response: HTTPClientResponse) async -> String {
        guard let body = try? await read(response, limit: 64 << 10), JSONNesting.tooDeep(body) == nil,
              let wire = try? JSONDecoder().decode(WireError.self, from: Data(body))
        else { return "" }
        return TextCleaning.clean(wire.error, limit: 200)
    }
}
