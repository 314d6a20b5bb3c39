import Foundation

/// An absolute http(s) URL as Foundation's `URLComponents` reads it (RFC 3986): its scheme,
/// host and port, enough to compare origins. Refuses what Spindle never needs and what would
/// hide where a request goes: user info ("user@"), spaces and control characters, a host with
/// characters a host name cannot have. When Foundation cannot read the text, the problem says
/// which part is wrong.
struct HTTPURL {
    struct Problem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    var scheme: String
    /// Lowercased; an IPv6 address in brackets ("[::1]").
    var host: String
    var port: Int
    var explicitPort: Bool
    /// Whether it names more than the server: a path other than "/", a query or a fragment.
    var hasMore: Bool

    init(_ text: String) throws(Problem) {
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw Problem("it has spaces or control characters")
        }
        guard let components = URLComponents(string: text) else { throw Self.problem(text) }
        scheme = components.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https", let encodedHost = components.percentEncodedHost else {
            throw Problem("it must start with http:// or https://")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw Problem("it may not hold a user or password (give the token with --token)")
        }
        guard !encodedHost.isEmpty else { throw Problem("it has no host") }
        let bracketed = encodedHost.contains(":") && !encodedHost.hasPrefix("[") ? "[\(encodedHost)]" : encodedHost
        guard Self.isHostName(bracketed) else { throw Problem("its host has characters a host name cannot have") }
        host = bracketed.lowercased()
        if let port = components.port {
            guard (1 ... 65535).contains(port) else { throw Problem("its port must be a number from 1 to 65535") }
            self.port = port
            explicitPort = true
        } else {
            port = scheme == "https" ? 443 : 80
            explicitPort = false
        }
        let path = components.percentEncodedPath
        hasMore = !(path.isEmpty || path == "/") || components.percentEncodedQuery != nil || components.percentEncodedFragment != nil
    }

    /// Letters, digits, "-", "." and "_"; an IPv6 address's hex digits, colons and dots in brackets.
    private static func isHostName(_ host: String) -> Bool {
        let allowed = host.hasPrefix("[") ? "0123456789abcdefABCDEF:.[]" : "-._"
        return host.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || allowed.contains($0) }
    }

    /// Why Foundation could not read `text`, in words: its scheme, its user, its host or its port.
    private static func problem(_ text: String) -> Problem {
        let lowercased = text.lowercased()
        guard lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") else {
            return Problem("it must start with http:// or https://")
        }
        let authority = text.drop { $0 != "/" }.dropFirst(2).prefix { !"/?#".contains($0) }
        if authority.contains("@") { return Problem("it may not hold a user or password (give the token with --token)") }
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
        if host.isEmpty || host == "]" { return Problem("it has no host") }
        if !isHostName(String(host)) { return Problem("its host has characters a host name cannot have") }
        return Problem("its port must be a number from 1 to 65535")
    }
}
