import Catalog
import Hummingbird
import Library
import ServerWire
import Logging

/// Answers every request of `spindle serve`: checks the token, routes, logs one line per
/// authorized request (method, path, status, time, the query with secrets redacted; never a
/// header, so never the token), counts the refused ones (`RefusalLog`), and turns failures
/// into JSON errors. HEAD is answered as GET, without the body.
struct LibraryResponder: HTTPResponder {
    typealias Context = ConnectionContext

    let routes: LibraryRoutes
    let check: BearerCheck
    let refusals: RefusalLog

    func respond(to request: Request, context: Context) async throws -> Response {
        guard check.allows(request.headers[.authorization]) else {
            refusals.refused()
            return Reply.error(.unauthorized, "not authorized", headers: [.wwwAuthenticate: "Bearer"])
        }
        let start = ContinuousClock.now
        let response = await answer(request, context: context)
        let elapsed = ContinuousClock.now - start
        context.logger.info("\(request.method) \(request.uri.path) \(response.status.code)", metadata: [
            "query": .string(QueryString.redacted(request.uri.query ?? "")),
            "ms": .string(milliseconds(elapsed)),
        ])
        return request.method == .head ? response.withoutBody() : response
    }

    private func answer(_ request: Request, context: Context) async -> Response {
        let logger = context.logger
        do {
            return try await routes.answer(request, connection: context.connection)
        } catch {
            logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            return Reply.error(.internalServerError, "the server could not read its library")
        }
    }
}

/// A request's context: Hummingbird's, and the connection it came on (the identity of its
/// channel, as the `ConnectionBook` knows it).
struct ConnectionContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let connection: ObjectIdentifier

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        connection = ObjectIdentifier(source.channel)
    }
}

extension Response {
    /// The answer to HEAD: the same head (its Content-Length the body's), no body.
    func withoutBody() -> Response {
        var headers = headers
        if headers[.contentLength] == nil, let length = body.contentLength {
            headers[.contentLength] = String(length)
        }
        return Response(status: status, headers: headers, body: ResponseBody())
    }
}

/// Milliseconds with two decimals.
private func milliseconds(_ duration: Duration) -> String {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    let hundredths = microseconds / 10
    let fraction = hundredths % 100
    return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}
