/// A parsed JSON value, as much of JSON as a catalog line needs to be checked field by field.
///
/// Numbers keep their text, so that an error can quote exactly what the file says and an integer
/// is read without going through floating point.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as an error message quotes it: short, on one line, with control characters
    /// escaped so that a hostile file cannot drive the user's terminal through our messages.
    var quoted: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
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
}
