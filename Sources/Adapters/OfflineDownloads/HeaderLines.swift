/// The extra header lines of a request, by URL prefix, matched as mpv's are
/// (`MPVOptions.httpHeaders`): the lines of the longest prefix the URL starts with. A prefix
/// never reaches past its own origin: "http://nas" does not match "http://nas.example.org/…".
///
///     let lines = HeaderLines(["http://nas:8700/": ["Authorization: Bearer x"]])
///     lines.fields(for: "http://nas:8700/v1/titles/t1/video")   // [("Authorization", "Bearer x")]
struct HeaderLines: Sendable {
    let byPrefix: [String: [String]]

    init(_ byPrefix: [String: [String]]) {
        self.byPrefix = byPrefix
    }

    /// The lines for `url`, split into name and value (lines without a name are left out).
    func fields(for url: String) -> [(String, String)] {
        lines(for: url).compactMap(Self.field)
    }

    /// The lines of the longest prefix of `url` on the same origin, or none.
    func lines(for url: String) -> [String] {
        guard let origin = Self.origin(of: url) else { return [] }
        return byPrefix
            .filter { url.hasPrefix($0.key) && Self.origin(of: $0.key) == origin }
            .max { $0.key.count < $1.key.count }?.value ?? []
    }

    /// "Name: value" as ("Name", "value"); nil without a colon or a name.
    static func field(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon].trimmingSpaces
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        return (String(name), String(line[line.index(after: colon)...].trimmingSpaces))
    }

    /// "scheme://authority" of `url` in lower case, nil when it has no scheme or no authority.
    static func origin(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty else { return nil }
        return (url[..<schemeEnd.upperBound] + authority).lowercased()
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
