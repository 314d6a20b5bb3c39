/// A value of the TOML subset a configuration file is written in (see `TOMLParser`).
package enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([TOMLValue])

    /// The value's kind, as an error message names it: "a string", "an integer".
    package var kind: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .boolean: "true or false"
        case .array: "a list"
        }
    }
}

/// One value of the file, at its full dotted path ("keys.list.down", "theme.header.foreground";
/// an inline table's values are entries of their own) and the line it starts on.
package struct TOMLEntry: Equatable, Sendable {
    package var path: [String]
    package var value: TOMLValue
    package var line: Int

    package var dottedPath: String { path.joined(separator: ".") }
}

/// What is wrong on a line of the file.
package struct TOMLError: Error, Equatable, Sendable {
    package var line: Int
    package var reason: String
}
