/// A strict RFC 8259 JSON parser over one line of UTF-8 bytes. It stays because it is faster:
/// a catalog line to a checked title at 757,000-853,000 lines a second (through `parseFields`),
/// where `JSONDecoder` reads the bare fields at 181,000-194,000 (`LibraryBenchmark --json`,
/// docs/performance.md). It refuses what the RFC refuses (trailing commas, leading zeros, raw control
/// characters in strings, lone surrogates) and stops at the first problem, with a reason a user
/// can act on and the byte offset where it is. Line breaks count as whitespace, so it reads a
/// whole document too (`package`: MediaScan reads ffprobe's answer with it).
///
///     let value = try JSONParser.parse(bytes)   // .object(["id": .string("a1"), ...])
package struct JSONParser {
    /// Deeper nesting is refused (`JSONNesting`), so that a hostile line costs little and
    /// cannot exhaust the stack.
    static let maximumDepth = JSONNesting.maximumDepth

    /// Why a line is not JSON; `offset` is the byte where the problem is (the count of bytes
    /// when the line ends too soon).
    package struct SyntaxError: Error, Equatable {
        package var reason: String
        package var offset: Int
    }

    /// Parses `bytes` (valid UTF-8), which must hold one JSON value and nothing else but
    /// whitespace.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.whole { parser throws(SyntaxError) in try parser.value() }
    }

    /// What `read` reads from the first byte that is not whitespace, with nothing but whitespace
    /// after it.
    private mutating func whole<Value>(_ read: (inout JSONParser) throws(SyntaxError) -> Value) throws(SyntaxError) -> Value {
        skipWhitespace()
        let value = try read(&self)
        skipWhitespace()
        if position < bytes.count {
            throw unexpected(expected: "the end of the line after the value")
        }
        return value
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Offsets of the `{` and `[` still open, innermost last.
    private var openings: [Int] = []
    /// The offset of the opening quote while a string is read.
    private var openString: Int?

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: - Values

    private mutating func value() throws(SyntaxError) -> JSONValue {
        guard let byte = current else { throw endOfLine() }
        switch byte {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"): return try word()
        default: throw unexpected(expected: "a value")
        }
    }

    /// Parses `bytes` (valid UTF-8) as `parse` does, and gives an object's fields in the order
    /// written, for a caller that reads a few known keys: `JSONFields` compares them, where a
    /// dictionary hashes every key once stored and again at each look-up (a catalog line's ten
    /// look-ups and eight fields). Nil when the value is not an object.
    package static func parseFields(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONFields? {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: "{") else {
            _ = try parse(bytes)
            return nil
        }
        return try parser.whole { parser throws(SyntaxError) in
            try parser.fields(into: JSONFields()) { fields, key, value in fields.pairs.append((key, value)) }
        }
    }

    private mutating func object() throws(SyntaxError) -> [String: JSONValue] {
        try fields(into: [:]) { fields, key, value in fields[key] = value }  // of duplicate keys, the last wins
    }

    /// An object's fields, each handed to `add` with what it holds so far, in order.
    private mutating func fields<Fields>(into empty: Fields, _ add: (inout Fields, String, JSONValue) -> Void)
        throws(SyntaxError) -> Fields {
        try open()
        var fields = empty
        var lastComma: Int?
        while true {
            skipWhitespace()
            guard let byte = current else { throw endOfLine() }
            if byte == UInt8(ascii: "}") {
                if let lastComma { throw SyntaxError(reason: "trailing comma", offset: lastComma) }
                return close(fields)
            }
            guard byte == UInt8(ascii: "\"") else {
                throw unexpected(expected: lastComma == nil ? #"a string key or "}""# : "a string key")
            }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                if current == nil { throw endOfLine() }
                throw unexpected(expected: #"":""#)
            }
            position += 1
            skipWhitespace()
            add(&fields, key, try value())
            skipWhitespace()
            guard let next = current else { throw endOfLine() }
            if next == UInt8(ascii: "}") { return close(fields) }
            guard next == UInt8(ascii: ",") else { throw unexpected(expected: #""," or "}""#) }
            lastComma = position
            position += 1
        }
    }

    private mutating func array() throws(SyntaxError) -> [JSONValue] {
        try open()
        var elements: [JSONValue] = []
        var lastComma: Int?
        while true {
            skipWhitespace()
            guard let byte = current else { throw endOfLine() }
            if byte == UInt8(ascii: "]") {
                if let lastComma { throw SyntaxError(reason: "trailing comma", offset: lastComma) }
                return close(elements)
            }
            elements.append(try value())
            skipWhitespace()
            guard let next = current else { throw endOfLine() }
            if next == UInt8(ascii: "]") { return close(elements) }
            guard next == UInt8(ascii: ",") else { throw unexpected(expected: #""," or "]""#) }
            lastComma = position
            position += 1
        }
    }

    private mutating func open() throws(SyntaxError) {
        guard openings.count < Self.maximumDepth else {
            throw SyntaxError(reason: JSONNesting.reason, offset: position)
        }
        openings.append(position)
        position += 1
    }

    private mutating func close<Contents>(_ contents: Contents) -> Contents {
        openings.removeLast()
        position += 1
        return contents
    }

    /// `true`, `false` or `null`; any other run of letters is refused whole.
    private mutating func word() throws(SyntaxError) -> JSONValue {
        let start = position
        while let byte = current, (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte | 0x20) {
            position += 1
        }
        switch String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< position]), as: UTF8.self) {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case let word:
            throw SyntaxError(
                reason: "unexpected word \(JSONValue.quote(word)), expected a value (text needs quotes)",
                offset: start)
        }
    }

    // MARK: - Numbers

    /// A number written without fraction or exponent that fits `Int` stays an integer; any
    /// other keeps its value as text: as written when it is a whole number too large for
    /// `Int`, else as `Double` prints it (`1.999e3` becomes `1999.0`).
    private mutating func number() throws(SyntaxError) -> JSONValue {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
            if let next = current, isDigit(next) {
                throw SyntaxError(reason: "leading zero in a number", offset: start)
            }
        } else {
            try digits()
        }
        var isWhole = true
        if current == UInt8(ascii: ".") {
            isWhole = false
            position += 1
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isWhole = false
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< position]), as: UTF8.self)
        if isWhole {
            return Int(text).map(JSONValue.integer) ?? .number(text)
        }
        if let double = Double(text), double.isFinite { return .number(String(double)) }
        return .number(text)
    }

    /// One or more decimal digits.
    private mutating func digits() throws(SyntaxError) {
        guard let byte = current, isDigit(byte) else {
            throw SyntaxError(reason: "invalid number, expected a digit", offset: position)
        }
        repeat { position += 1 } while current.map(isDigit) == true
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
    }

    // MARK: - Strings

    private mutating func string() throws(SyntaxError) -> String {
        let opening = position
        openString = opening
        defer { openString = nil }
        position += 1
        var utf8: [UInt8] = []
        var runStart = position
        while true {
            guard let byte = current else { throw endOfLine() }
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeBufferPointer(rebasing: bytes[runStart ..< position])
                position += 1
                if utf8.isEmpty { return String(decoding: run, as: UTF8.self) }  // no escapes: one copy
                utf8.append(contentsOf: run)
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart ..< position]))
                let scalar = try escape()
                utf8.append(contentsOf: String(scalar).utf8)
                runStart = position
            case ..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                let name = byte == 0 ? "NUL character" : "control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
                throw SyntaxError(reason: "unescaped \(name) in a string", offset: position)
            default:
                position += 1
            }
        }
    }

    /// The escape at `position` (a backslash), which it moves past.
    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
        let backslash = position
        position += 1
        guard let byte = current else { throw endOfLine() }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            position -= 1
            throw unexpected(expected: "an escape (one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u) after a backslash")
        }
        let unit = try hexUnit()
        switch unit {
        case 0xD800 ... 0xDBFF:
            // A high surrogate: only a low one may follow, and the pair is one scalar.
            let lowStart = position
            if current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                position += 2
                let low = try hexUnit()
                if (0xDC00 ... 0xDFFF).contains(low) {
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
                }
                position = lowStart
            }
            throw SyntaxError(reason: "lone surrogate \(Self.escapeText(unit)) (a high surrogate needs a low one after it)", offset: backslash)
        case 0xDC00 ... 0xDFFF:
            throw SyntaxError(reason: "lone surrogate \(Self.escapeText(unit)) (a low surrogate needs a high one before it)", offset: backslash)
        default:
            return Unicode.Scalar(unit)!
        }
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hexUnit() throws(SyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0 ..< 4 {
            guard let byte = current else { throw endOfLine() }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected(expected: #"4 hex digits after "\u""#)
            }
            unit = unit << 4 | UInt32(digit)
            position += 1
        }
        return unit
    }

    private static func escapeText(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    // MARK: - Reading and reporting

    private var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            position += 1
        }
    }

    /// The line ended inside a string's escape, an object or an array: the error points at
    /// what was left open, which is where the user has to look.
    private func endOfLine() -> SyntaxError {
        if let openString { return SyntaxError(reason: "unterminated string", offset: openString) }
        guard let opening = openings.last else {
            return SyntaxError(reason: "unexpected end of line", offset: bytes.count)
        }
        let kind = bytes[opening] == UInt8(ascii: "{") ? "object" : "array"
        return SyntaxError(reason: "unterminated \(kind)", offset: opening)
    }

    /// The character at `position` was not what the grammar allows there.
    private func unexpected(expected: String) -> SyntaxError {
        guard position < bytes.count else { return endOfLine() }
        var iterator = bytes[position...].makeIterator()
        var decoder = UTF8()
        let character: String
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            character = String(scalar)
        } else {
            character = "\u{FFFD}"
        }
        return SyntaxError(reason: "unexpected character \(JSONValue.quote(character)), expected \(expected)", offset: position)
    }
}
