import Foundation

/// A catalog line's JSON as Foundation's `JSONSerialization` parses it, and the kinds of value
/// an error message tells apart.
///
/// Foundation returns numbers and booleans as `NSNumber`, which on Linux converts loosely: `1` and
/// `1.0` cast to `Bool`, `1999.0` casts to `Int`. So a number is sorted by how Foundation stored it
/// (`objCType`: `c` for a boolean, `d` for a number written with a fraction or an exponent),
/// never by trying casts.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written as a whole number, without fraction or exponent, that fits in `Int`.
    case integer(Int)
    /// Any other number (written with a fraction or an exponent, or too large for `Int`), as
    /// Foundation read it: `1.999e3` becomes `1999.0`.
    case number(String)
    case string(String)
    case array
    case object

    /// Parses one line of bytes (valid UTF-8), which must hold one JSON value and nothing else.
    /// Returns it as Foundation does: a `String`, an `NSNumber`, `NSNull`, `[Any]` or
    /// `[String: Any]`; fields are read with casts and `integer(from:)`, and sorted with `init`
    /// only to describe a wrong one.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) throws(CatalogFileError.Problem) -> Any {
        // JSON text never holds a raw NUL. Refusing it here also stops Foundation from taking the
        // line for UTF-16 or UTF-32, which it guesses from NUL bytes.
        if let nul = line.firstIndex(of: 0) {
            throw .notJSON(reason: "unescaped NUL character", column: column(of: nul, in: line))
        }
        do {
            return try JSONSerialization.jsonObject(with: Data(line), options: .fragmentsAllowed)
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw syntaxProblem(message ?? error.localizedDescription, in: line)
        }
    }

    /// A parsed value as an integer, if the file wrote it as one. The fast check for a valid
    /// file: one cast, no sorting.
    static func integer(from value: Any) -> Int? {
        guard let number = value as? NSNumber, case .integer(let integer) = classify(number) else { return nil }
        return integer
    }

    /// Sorts a parsed value, to describe it in a message. Slow on Linux (a failed cast there can
    /// convert the value to an Objective-C object first), so it is kept off the common path.
    init(_ value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case is [String: Any]: self = .object
        case is [Any]: self = .array
        case let number as NSNumber: self = Self.classify(number)
        default: self = .null  // NSNull, the only other thing JSONSerialization returns
        }
    }

    private static func classify(_ number: NSNumber) -> JSONValue {
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "c"):  // a boolean; JSONSerialization never stores an integer as a char
            .bool(number.boolValue)
        case _ where number is NSDecimalNumber:  // what Foundation makes of very long numbers
            .number(number.description)
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            .number(String(number.doubleValue))  // "1999.0" on every platform
        case UInt8(ascii: "q"), UInt8(ascii: "l"), UInt8(ascii: "i"), UInt8(ascii: "s"):
            .integer(Int(number.int64Value))  // signed, so it fits
        default:  // unsigned, perhaps past Int.max
            (number as? Int).map(JSONValue.integer) ?? .number(number.description)
        }
    }

    /// The value as an error message quotes it: short, on one line, with control characters
    /// escaped so that a hostile file cannot drive the user's terminal through our messages.
    var quoted: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .integer(let number): String(number)
        case .number(let text): text
        case .string(let text): Self.quote(text)
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `text` as a JSON string literal, cut to about 40 characters.
    static func quote(_ text: String) -> String {
        let limit = 40
        var result = "\""
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if offset == limit {
                result += "…"
                break
            }
            result += JSONEscaping.escaped(scalar)
        }
        return result + "\""
    }

    /// Foundation's description of a syntax error, made to read as the end of our message: its
    /// byte offset ("Invalid value around character 12.") becomes the column an editor shows,
    /// the first letter is lowered (not that of an acronym such as "JSON"), and control
    /// characters, a line break too, are escaped, so the message stays on one line and inert on
    /// a terminal.
    static func syntaxProblem(_ message: String, in line: some Collection<UInt8>) -> CatalogFileError.Problem {
        var reason = Substring(message.trimmingCharacters(in: .whitespacesAndNewlines))
        if reason.last == "." { reason = reason.dropLast() }
        var column: Int?
        if let marker = reason.range(of: " around character ", options: .backwards),
           let offset = Int(reason[marker.upperBound...]), offset >= 0 {
            column = Self.column(of: min(offset, line.count), in: line)
            reason = reason[..<marker.lowerBound]
        }
        var cleaned = ""
        for (offset, scalar) in reason.unicodeScalars.enumerated() {
            if offset == 0, let next = reason.unicodeScalars.dropFirst().first,
               next.properties.isLowercase {
                cleaned += scalar.properties.lowercaseMapping
            } else if scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value) {
                cleaned += JSONEscaping.escaped(scalar)
            } else {
                cleaned.unicodeScalars.append(scalar)
            }
        }
        return .notJSON(reason: cleaned.isEmpty ? "syntax error" : cleaned, column: column)
    }

    /// The 1-based column of a byte offset, counting characters as Unicode scalars.
    private static func column(of offset: Int, in line: some Collection<UInt8>) -> Int {
        line.prefix(offset).reduce(1) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
    }
}
