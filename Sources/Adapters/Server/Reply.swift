import Foundation
import Hummingbird
import ServerWire

/// The server's answers: JSON bodies, and errors as `WireError` JSON.
///
///     Reply.json(page, headers: [.link: "<…>; rel=\"next\""])
///     Reply.error(.notFound, "there is no such title")
enum Reply {
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        guard let body = try? encode(value) else {
            return error(.internalServerError, "the answer could not be written")
        }
        return json(encoded: body, status: status, headers: headers)
    }

    /// An answer of JSON already encoded (`encode`), such as a kept page's.
    static func json(encoded body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// `value` as the JSON of an answer.
    static func encode(_ value: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return ByteBuffer(bytes: try encoder.encode(value))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        let encoder = JSONEncoder()
        let data = (try? encoder.encode(WireError(message))) ?? Data("{\"error\":\"error\"}".utf8)
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
