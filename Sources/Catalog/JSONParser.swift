/// A strict JSON parser for one line of bytes, with messages that say what is wrong and where.
///
/// Hand-written rather than `JSONSerialization` so that errors name the column and the cause
/// ("unterminated string", "unexpected ','") and a 100,000-line file loads in a blink.
struct JSONParser {
    /// Why the text is not JSON, at which byte (0-based) of the input.
    struct SyntaxError: Error, Equatable {
        var reason: String
        var offset: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    /// Parses `bytes`, which must hold one JSON value and nothing else but whitespace.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        if parser.position < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the value")
        }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var current: UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func value() throws(SyntaxError) -> JSONValue {
        guard let byte = current else { throw error("expected a value, found the end of the line") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return try number()
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    /// Guards against stack exhaustion from lines like `[[[[[[…`; balanced by `leave()`.
    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > 64 { throw error("values nested more than 64 deep") }
    }

    private mutating func leave() {
        depth -= 1
    }

    private mutating func object() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { leave() }
        position += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a field name in double quotes, found \(describeCurrent())")
            }
            let keyOffset = position
            let key = try string()
            skipWhitespace()
            try expect(":", "after the field name")
            skipWhitespace()
            let member = try value()
            if members.updateValue(member, forKey: key) != nil {
                throw SyntaxError(reason: "field \(JSONValue.quote(key)) appears twice", offset: keyOffset)
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            } else if current == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            } else {
                throw error("expected ',' or '}' after a field, found \(describeCurrent())")
            }
        }
    }

    private mutating func array() throws(SyntaxError) -> JSONValue {
        try enter()
        defer { leave() }
        position += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            } else if current == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            } else {
                throw error("expected ',' or ']' in an array, found \(describeCurrent())")
            }
        }
    }

    private mutating func string() throws(SyntaxError) -> String {
        let opening = position
        position += 1  // "
        let start = position
        // Fast path: no escapes, which is nearly every string in a catalog.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            position += 1
        }
        if current == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< position - 1]), as: UTF8.self)
        }
        var scalars = Array(bytes[start ..< position])
        while true {
            guard let byte = current else {
                throw SyntaxError(reason: "unterminated string", offset: opening)
            }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &scalars)
            case ..<0x20:
                throw error("control character U+\(hex(byte)) must be escaped in a string")
            default:
                scalars.append(byte)
                position += 1
            }
        }
    }

    private mutating func escape(into output: inout [UInt8]) throws(SyntaxError) {
        let start = position
        position += 1  // backslash
        guard let byte = current else { throw SyntaxError(reason: "unterminated string", offset: start) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexQuad(escapeStart: start)
            if (0xD800 ..< 0xDC00).contains(value) {
                // A high surrogate must be followed by an escaped low one: "\ud83d\ude80".
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                      bytes[position + 1] == UInt8(ascii: "u")
                else { throw SyntaxError(reason: "unpaired surrogate in \\u escape", offset: start) }
                position += 2
                let low = try hexQuad(escapeStart: start)
                guard (0xDC00 ..< 0xE000).contains(low) else {
                    throw SyntaxError(reason: "unpaired surrogate in \\u escape", offset: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00 ..< 0xE000).contains(value) {
                throw SyntaxError(reason: "unpaired surrogate in \\u escape", offset: start)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw SyntaxError(reason: "invalid \\u escape", offset: start)
            }
            output.append(contentsOf: String(scalar).utf8)
        default:
            throw SyntaxError(reason: "invalid escape after a backslash: \(describe(at: position - 1))", offset: start)
        }
    }

    private mutating func hexQuad(escapeStart: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            guard let byte = current, let digit = hexDigit(byte) else {
                throw SyntaxError(reason: "\\u must be followed by four hexadecimal digits", offset: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func number() throws(SyntaxError) -> JSONValue {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            try digits(required: "a digit")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            try digits(required: "a digit after the decimal point")
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            try digits(required: "a digit in the exponent")
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< position]), as: UTF8.self))
    }

    private mutating func digits(required: String) throws(SyntaxError) {
        let start = position
        while let byte = current, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) {
            position += 1
        }
        if position == start { throw error("expected \(required), found \(describeCurrent())") }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard position + expected.count <= bytes.count,
              bytes[position ..< position + expected.count].elementsEqual(expected)
        else { throw error("expected a value, found \(describeCurrent())") }
        position += expected.count
        return value
    }

    private mutating func expect(_ character: Character, _ context: String) throws(SyntaxError) {
        guard current == character.asciiValue else {
            throw error("expected '\(character)' \(context), found \(describeCurrent())")
        }
        position += 1
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
              || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
            position += 1
        }
    }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(reason: reason, offset: position)
    }

    private func describeCurrent() -> String {
        position < bytes.count ? describe(at: position) : "the end of the line"
    }

    /// The character at `offset` as a message shows it: printable ASCII quoted, anything else
    /// by its code point (never raw, since it may be a control character).
    private func describe(at offset: Int) -> String {
        let byte = bytes[offset]
        if (0x21 ... 0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        if byte < 0x80 { return "U+\(hex(byte))" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset ..< end]), as: UTF8.self)
        let value = text.unicodeScalars.first?.value ?? UInt32(byte)
        return "U+" + String(value, radix: 16, uppercase: true)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
