/// Reads the TOML a configuration is written in: comments, `[tables]` and `[dotted.tables]`,
/// `dotted.keys = value`, bare and quoted keys, strings ("basic" with escapes, 'literal'),
/// integers, booleans, arrays (over several lines too) and `{ inline = "tables" }`. Not arrays
/// of tables, multi-line strings, floats or dates: a configuration has no use for them, and
/// they are refused with their line. Values come out flat, each with its full path and line.
/// Inline tables and arrays nest at most `maximumDepth` levels, together: the file is untrusted
/// input, and a deeper one is refused where it passes the limit, before it costs anything.
///
///     let entries = try TOMLParser.parse("[keys]\nlist.down = \"n\"")
///     entries[0].dottedPath   // "keys.list.down"
package struct TOMLParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var entries: [TOMLEntry] = []
    private var firstLine: [String: Int] = [:]
    /// Inline tables and arrays open around the value being read.
    private var depth = 0

    /// Inline tables and arrays inside one another, at most.
    package static let maximumDepth = 64

    /// The file's values in order; the first mistake as an error (the rest is not read).
    package static func parse(_ text: String) throws(TOMLError) -> [TOMLEntry] {
        var parser = TOMLParser(bytes: Array(text.utf8))
        try parser.document()
        return parser.entries
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func fail(_ reason: String) -> TOMLError { TOMLError(line: line, reason: reason) }

    /// Enters the inline table or array that opens at `index`, refused past `maximumDepth`
    /// with its line and column (the nested text itself is never quoted).
    private mutating func open() throws(TOMLError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            let lineStart = bytes[..<index].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            // Characters, not bytes: UTF-8's continuation bytes do not start one.
            let column = bytes[lineStart..<index].count { $0 & 0xC0 != 0x80 } + 1
            throw fail("inline tables and lists nest deeper than \(Self.maximumDepth) levels (column \(column))")
        }
        index += 1
    }

    private mutating func document() throws(TOMLError) {
        var table: [String] = []
        while true {
            skipBlank(newlines: true)
            guard let byte = current else { return }
            if byte == UInt8(ascii: "[") {
                index += 1
                if current == UInt8(ascii: "[") { throw fail("arrays of tables ([[…]]) are not supported") }
                skipBlank(newlines: false)
                table = try keyPath()
                skipBlank(newlines: false)
                guard current == UInt8(ascii: "]") else { throw fail("a table's name ends with ]") }
                index += 1
                let name = table.joined(separator: ".")
                if let first = firstLine["[" + name] { throw fail("the table [\(name)] appears twice (first on line \(first))") }
                firstLine["[" + name] = line
            } else {
                let keyLine = line
                let key = try keyPath()
                skipBlank(newlines: false)
                guard current == UInt8(ascii: "=") else { throw fail("expected = after the key \(key.joined(separator: "."))") }
                index += 1
                skipBlank(newlines: false)
                try value(at: table + key, line: keyLine)
            }
            endOfLine()
            guard current == nil || current == UInt8(ascii: "\n") else { throw fail("unexpected text after the value") }
        }
    }

    /// Spaces and tabs, comments, and line breaks when `newlines`.
    private mutating func skipBlank(newlines: Bool) {
        while let byte = current {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                while let next = current, next != UInt8(ascii: "\n") { index += 1 }
            } else if newlines, byte == UInt8(ascii: "\n") {
                index += 1
                line += 1
            } else {
                return
            }
        }
    }

    private mutating func endOfLine() {
        skipBlank(newlines: false)
    }

    private mutating func keyPath() throws(TOMLError) -> [String] {
        var parts = [try keyPart()]
        while true {
            skipBlank(newlines: false)
            guard current == UInt8(ascii: ".") else { return parts }
            index += 1
            skipBlank(newlines: false)
            parts.append(try keyPart())
        }
    }

    private mutating func keyPart() throws(TOMLError) -> String {
        if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") { return try string() }
        let start = index
        while let byte = current, Self.isBare(byte) { index += 1 }
        guard index > start else { throw fail("expected a key (letters, digits, - and _, or a quoted name)") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isBare(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private mutating func add(_ path: [String], _ value: TOMLValue, line: Int) throws(TOMLError) {
        let name = path.joined(separator: ".")
        if let first = firstLine[name] { throw TOMLError(line: line, reason: "\(name) is set twice (first on line \(first))") }
        firstLine[name] = line
        entries.append(TOMLEntry(path: path, value: value, line: line))
    }

    /// A value at `path`: an inline table's values are added one by one under it.
    private mutating func value(at path: [String], line valueLine: Int) throws(TOMLError) {
        if current == UInt8(ascii: "{") {
            try open()
            defer { depth -= 1 }
            skipBlank(newlines: false)
            if current == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipBlank(newlines: false)
                let keyLine = line
                let key = try keyPath()
                skipBlank(newlines: false)
                guard current == UInt8(ascii: "=") else { throw fail("expected = in the inline table") }
                index += 1
                skipBlank(newlines: false)
                try value(at: path + key, line: keyLine)
                skipBlank(newlines: false)
                if current == UInt8(ascii: ",") { index += 1; continue }
                guard current == UInt8(ascii: "}") else { throw fail("an inline table ends with } (on one line)") }
                index += 1
                return
            }
        }
        try add(path, try plainValue(), line: valueLine)
    }

    private mutating func plainValue() throws(TOMLError) -> TOMLValue {
        guard let byte = current else { throw fail("expected a value") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try string())
        case UInt8(ascii: "["):
            try open()
            defer { depth -= 1 }
            var items: [TOMLValue] = []
            while true {
                skipBlank(newlines: true)
                if current == UInt8(ascii: "]") { index += 1; return .array(items) }
                if current == UInt8(ascii: "{") { throw fail("tables in lists are not supported") }
                items.append(try plainValue())
                skipBlank(newlines: true)
                if current == UInt8(ascii: ",") { index += 1; continue }
                guard current == UInt8(ascii: "]") else { throw fail("expected , or ] in the list") }
            }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            let word = bareWord()
            if word == "true" { return .boolean(true) }
            if word == "false" { return .boolean(false) }
            throw fail("\(word) is not a value (a string needs quotes)")
        default:
            let word = bareWord()
            var digits = word.filter { $0 != "_" }
            let negative = digits.hasPrefix("-")
            if digits.hasPrefix("+") || negative { digits.removeFirst() }
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits) {
                return .integer(negative ? -number : number)
            }
            if word.isEmpty { throw fail("expected a value") }
            throw fail("\(word.prefix(40)) is not a value this file takes (strings need quotes; no floats or dates)")
        }
    }

    private mutating func bareWord() -> String {
        let start = index
        while let byte = current, Self.isBare(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ":") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A basic ("…", with escapes) or literal ('…') string on one line.
    private mutating func string() throws(TOMLError) -> String {
        let quote = bytes[index]
        if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
            throw fail("multi-line strings are not supported")
        }
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current, byte != UInt8(ascii: "\n") else { throw fail("a string is not closed on its line") }
            index += 1
            if byte == quote { return String(decoding: text, as: UTF8.self) }
            if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F { throw fail("a control character in a string") }
            guard quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard let escaped = current else { throw fail("a string is not closed on its line") }
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): text.append(escaped)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let count = escaped == UInt8(ascii: "u") ? 4 : 8
                guard index + count <= bytes.count,
                      let code = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(code) else { throw fail("a bad \\u escape in a string") }
                index += count
                text += Array(String(Character(scalar)).utf8)
            default: throw fail("an unknown escape in a string (\\\" \\\\ \\n \\t \\u are known)")
            }
        }
    }
}
