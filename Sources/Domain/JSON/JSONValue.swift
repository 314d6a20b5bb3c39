/// A JSON value as `JSONParser` reads it: a catalog line, ffprobe's answer, an mpv message.
///
/// Numbers are sorted by how they were written, so that a field that must be an integer can
/// refuse `90.0`, `9e1`, `"90"` and `true`, which are likely mistakes.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written as a whole number, without fraction or exponent, that fits in `Int`.
    case integer(Int)
    /// Any other number: as written when it is a whole number too large for `Int`, else as
    /// `Double` prints it (`1.999e3` becomes `1999.0`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Of duplicate keys, the last one's value.
    case object([String: JSONValue])

    /// The value as an error message quotes it: short, on one line, with control characters
    /// escaped so that a hostile file cannot drive the user's terminal through our messages.
    package var quoted: String {
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
    package static func quote(_ text: String) -> String {
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
}
