import Catalog

/// A URL's query (`limit=50&q=am%C3%A9lie+x`), read into names and values, and values encoded
/// back for the URLs the server builds. The server reads its requests with it, and so do the
/// tests' fake servers.
///
///     let query = QueryString("q=am%C3%A9lie+x&limit=5")
///     query["q"]                              // "amélie x"
///     PercentEncoding.encode("L1.3.Zm9v+/=")  // "L1.3.Zm9v%2B%2F%3D" (LibraryWire)
package struct QueryString: Sendable {
    private var values: [String: String] = [:]

    package init(_ query: String?) {
        guard let query else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            // The first of a repeated name counts.
            if values[name] == nil {
                values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
            }
        }
    }

    package subscript(name: String) -> String? {
        values[name]
    }

    /// A request target split at its `?`: the path, and the query read.
    ///
    ///     QueryString.split("/titles?q=a")   // ("/titles", query["q"] == "a")
    package static func split(_ uri: String) -> (path: String, query: QueryString) {
        guard let mark = uri.firstIndex(of: "?") else { return (uri, QueryString(nil)) }
        return (String(uri[..<mark]), QueryString(String(uri[uri.index(after: mark)...])))
    }

    /// Percent-decodes `text`, reading `+` as a space in a query (`plusIsSpace`), never in a
    /// path; a malformed escape is kept as it is, and bytes that are not UTF-8 become U+FFFD.
    package static func decode(_ text: Substring, plusIsSpace: Bool = true) -> String {
        PercentDecoding.string(text, plusIsSpace: plusIsSpace)
    }
}
