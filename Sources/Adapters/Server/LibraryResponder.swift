import Catalog
import Hummingbird
import Library
import ServerWire
import Logging

/// Answers every request of `spindle serve`: checks the token, routes, logs one line per
/// request (method, path, status, time; never a header, so never the token), and turns
/// failures into JSON errors.
struct LibraryResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let routes: LibraryRoutes
    let check: BearerCheck

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        let response = await answer(request, logger: context.logger)
        let elapsed = ContinuousClock.now - start
        context.logger.info("\(request.method) \(request.uri.path) \(response.status.code)", metadata: [
            "query": .string(request.uri.query ?? ""),
            "ms": .string(milliseconds(elapsed)),
        ])
        return response
    }

    private func answer(_ request: Request, logger: Logger) async -> Response {
        guard check.allows(request.headers[.authorization]) else {
            return Reply.error(.unauthorized, "not authorized", headers: [.wwwAuthenticate: "Bearer"])
        }
        do {
            return try await routes.answer(request)
        } catch {
            logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            return Reply.error(.internalServerError, "the server could not read its library")
        }
    }
}

/// Milliseconds with two decimals.
private func milliseconds(_ duration: Duration) -> String {
    let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    let hundredths = microseconds / 10
    let fraction = hundredths % 100
    return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}
