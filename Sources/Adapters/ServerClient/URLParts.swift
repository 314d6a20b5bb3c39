/// An absolute http(s) URL split into scheme, host, port and the rest (path, query): enough to
/// compare origins without Foundation. Refuses what Spindle never needs and what would hide
/// where a request goes: user info ("user@"), spaces and control characters.
struct URLParts {
    struct Problem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    var scheme: String
    var host: String
    var port: Int
    var explicitPort: Bool
    /// Everything after the host and port: "" or starting with "/", "?" or "#".
    var rest: Substring

    init(_ text: String) throws(Problem) {
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw Problem("it has spaces or control characters")
        }
        guard let separator = text.firstRange(of: "://") else {
            throw Problem("it must start with http:// or https://")
        }
        scheme = text[..<separator.lowerBound].lowercased()
        let defaultPort: Int
        switch scheme {
        case "http": defaultPort = 80
        case "https": defaultPort = 443
        default: throw Problem("it must start with http:// or https://")
        }
        let afterScheme = text[separator.upperBound...]
        let authorityEnd = afterScheme.firstIndex(where: { "/?#".contains($0) }) ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        rest = afterScheme[authorityEnd...]
        guard !authority.contains("@") else {
            throw Problem("it may not hold a user or password (give the token with --token)")
        }
        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw Problem("its IPv6 address has no closing ]") }
            hostPart = authority[...close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw Problem("unexpected text after its IPv6 address") }
            portPart = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = authority.firstIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
            portPart = nil
        }
        guard !hostPart.isEmpty else { throw Problem("it has no host") }
        let allowed = hostPart.hasPrefix("[") ? "0123456789abcdefABCDEF:.[]" : "-._"
        guard hostPart.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || allowed.contains($0) }) else {
            throw Problem("its host has characters a host name cannot have")
        }
        host = hostPart.lowercased()
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let port = Int(portPart), (1 ... 65535).contains(port)
            else { throw Problem("its port must be a number from 1 to 65535") }
            self.port = port
            explicitPort = true
        } else {
            port = defaultPort
            explicitPort = false
        }
    }
}
