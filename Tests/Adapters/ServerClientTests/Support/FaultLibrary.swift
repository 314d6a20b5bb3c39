import Foundation
import ServerWire

/// The answers of a small `spindle serve`, for the fault server's `.library` behaviour.
struct FaultLibrary {
    var titles: [WireTitle]
    /// Where next links point: "http://127.0.0.1:PORT".
    var origin: String

    struct Reply {
        var status: Int
        var headers: [(String, String)] = []
        var body: String
    }

    func reply(to uri: String) -> Reply {
        let components = URLComponents(string: uri)
        let path = components?.percentEncodedPath ?? uri
        let query = Query(items: components?.queryItems ?? [])
        let q = query["q"] ?? ""
        let matching = q.isEmpty ? titles : titles.filter { $0.title.contains(q) }
        if path == WireProtocol.titlesPath {
            return page(of: matching, query: query)
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 5, path.hasPrefix(WireProtocol.titlesPath + "/"), parts[4] == "next" {
            let id = String(parts[3]).removingPercentEncoding ?? String(parts[3])
            guard let index = matching.firstIndex(where: { $0.id == id }), index + 1 < matching.count else {
                return Reply(status: 404, body: #"{"error":"no title after it"}"#)
            }
            return Reply(status: 200, body: Self.json(matching[index + 1]))
        }
        return Reply(status: 404, body: #"{"error":"no such path"}"#)
    }

    /// A request's query: the first value of each name.
    struct Query {
        var items: [URLQueryItem]

        subscript(name: String) -> String? {
            items.first { $0.name == name }.map { $0.value ?? "" }
        }
    }

    private func page(of matching: [WireTitle], query: Query) -> Reply {
        let limit = query["limit"].flatMap(Int.init) ?? WireProtocol.defaultLimit
        guard (1 ... WireProtocol.maximumLimit).contains(limit) else {
            return Reply(status: 400, body: #"{"error":"limit must be 1 to 200"}"#)
        }
        let start = query["after"].flatMap(Int.init) ?? 0
        let end = min(matching.count, start + limit)
        let q = query["q"] ?? ""
        let next = end < matching.count
            ? "\(origin)/v1/titles?limit=\(limit)&q=\(Self.encode(q))&after=\(end)"
            : nil
        let page = WirePage(titles: Array(matching[min(start, end) ..< end]), next: next, total: matching.count)
        var reply = Reply(status: 200, body: Self.json(page))
        if let next { reply.headers.append(("Link", "<\(next)>; rel=\"next\"")) }
        return reply
    }

    static func json(_ value: some Encodable) -> String {
        String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
