import Hummingbird
import Logging

/// The router of `spindle serve`: Hummingbird's `Router` with `LibraryRoutes`' addresses, each
/// for its methods, behind two middlewares: `TokenMiddleware` (the token check, before all
/// else) and `AnswerMiddleware` (the log line, JSON errors, 404 and 405, HEAD).
///
///     let router = LibraryRouter.router(routes, check: BearerCheck(token: token), refusals: refusals)
///     Application(router: router, …)
enum LibraryRouter {
    static func router(_ routes: LibraryRoutes, check: BearerCheck, refusals: RefusalLog) -> Router<ConnectionContext> {
        // The same paths, answering 405 with their Allow: what tells a method the path does not
        // take from a path that is not there, by the router's own matching.
        let allowed = Router(context: ConnectionContext.self)
        let router = Router(context: ConnectionContext.self)
        router.add(middleware: TokenMiddleware(check: check, refusals: refusals))
        let table = routes.routes
        for route in table {
            let allow = route.methods.map(\.rawValue).joined(separator: ", ")
            allowed.get(route.path) { _, _ in Response(status: .methodNotAllowed, headers: [.allow: allow]) }
        }
        router.add(middleware: AnswerMiddleware(allowed: allowed.buildResponder()))
        for route in table {
            for method in route.methods {
                router.on(route.path, method: method, use: route.answer)
            }
        }
        return router
    }
}

/// Refuses a request without `Authorization: Bearer TOKEN` (`BearerCheck`): 401 with
/// `WWW-Authenticate: Bearer`, counted by the `RefusalLog`, never logged one by one.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = ConnectionContext

    let check: BearerCheck
    let refusals: RefusalLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard check.allows(request.headers[.authorization]) else {
            refusals.refused()
            return Reply.error(.unauthorized, "not authorized", headers: [.wwwAuthenticate: "Bearer"])
        }
        return try await next(request, context)
    }
}

/// Logs one line per authorized request (method, path, status, time, the query with secrets
/// redacted; never a header, so never the token), answers what the router found no route for
/// (404, or 405 with `Allow` when the path takes other methods), turns failures into JSON
/// errors, and answers HEAD as GET without the body.
struct AnswerMiddleware: RouterMiddleware {
    typealias Context = ConnectionContext

    /// The routes' paths, each answering GET with 405 and its `Allow`.
    let allowed: RouterResponder<ConnectionContext>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            response = await unrouted(request, context: context)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            response = Reply.error(.internalServerError, "the server could not read its library")
        }
        let elapsed = ContinuousClock.now - start
        context.logger.info("\(request.method) \(request.uri.path) \(response.status.code)", metadata: [
            "query": .string(QueryLog.redacted(request.uri.query ?? "")),
            "ms": .string(milliseconds(elapsed)),
        ])
        return request.method == .head ? response.withoutBody() : response
    }

    /// The answer to a request the router has no route for: 405 if its path is one of the
    /// routes' (the method is not one it takes), else 404.
    private func unrouted(_ request: Request, context: Context) async -> Response {
        if request.method != .get, request.method != .head {
            var head = request.head
            head.method = .get
            let probe = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
            if let answer = try? await allowed.respond(to: probe, context: context), answer.status == .methodNotAllowed,
               let allow = answer.headers[.allow] {
                return Reply.error(.methodNotAllowed, "only \(Self.list(allow)) are answered here", headers: [.allow: allow])
            }
        }
        return Reply.error(.notFound, "there is nothing at this address")
    }

    /// "GET, HEAD, POST" as words: "GET, HEAD and POST".
    static func list(_ allow: String) -> String {
        var names = allow.split(separator: ", ").map(String.init)
        guard names.count > 1, let last = names.popLast() else { return allow }
        return names.joined(separator: ", ") + " and " + last
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
