/// Reading and writing a `JSONValue` outside a catalog: mpv's replies and events are read with
/// these, and the commands sent to it written with `jsonText`.
///
///     let command: [JSONValue] = ["loadfile", .string(path), "replace"]
///     command.jsonText   // ["loadfile","/srv/a \"b\".mkv","replace"]
extension JSONValue {
    /// A number of any kind as a `Double` (nil for what is not a number).
    package var double: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let text): Double(text)
        default: nil
        }
    }

    package var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The field `key` of an object (nil for a missing field or what is not an object).
    package subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// A `Double` as JSON: `.integer` when it is a whole number (below 10^15), else `.number`
    /// as `Double` prints it; `.null` for an infinity or NaN, which JSON has no way to write.
    package init(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            self = .integer(Int(value))
        } else if value.isFinite {
            self = .number("\(value)")
        } else {
            self = .null
        }
    }

    /// The value as one line of JSON (mpv takes one message per line, so a newline inside a
    /// string is always escaped, never sent raw); strings are escaped as `JSONEscaping` does,
    /// text above the control characters going out as UTF-8, as mpv asks (it refuses `\u`
    /// surrogate pairs). Object keys are sorted.
    package var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null:
            text += "null"
        case .bool(let value):
            text += value ? "true" : "false"
        case .integer(let value):
            text += String(value)
        case .number(let value):
            text += value
        case .string(let value):
            JSONEscaping.appendLiteral(value, to: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, key) in fields.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                JSONEscaping.appendLiteral(key, to: &text)
                text += ":"
                fields[key]!.write(to: &text)
            }
            text += "}"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Array where Element == JSONValue {
    package var jsonText: String { JSONValue.array(self).jsonText }
}
