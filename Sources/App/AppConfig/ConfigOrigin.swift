/// Where a setting's value came from, as `spindle config` says it.
package enum ConfigOrigin: Equatable, Sendable, CustomStringConvertible {
    case standard
    case file(path: String, line: Int)
    case environment(String)
    case commandLine(String)

    package var description: String {
        switch self {
        case .standard: "default"
        case .file(let path, let line): "\(path):\(line)"
        case .environment(let variable): "environment \(variable)"
        case .commandLine(let option): "command line \(option)"
        }
    }
}

/// A value and where it came from.
package struct Setting<Value: Sendable>: Sendable {
    package var value: Value
    package var origin: ConfigOrigin

    package init(_ value: Value, _ origin: ConfigOrigin = .standard) {
        self.value = value
        self.origin = origin
    }

    /// This setting, replaced by `value` from `origin` when there is one.
    package func overridden(by value: Value?, _ origin: ConfigOrigin) -> Setting {
        value.map { Setting($0, origin) } ?? self
    }
}

/// A mistake in the file, on its line: "config.toml:12: unknown command "list.dwn"".
package struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var reason: String

    package var description: String { "\(path):\(line): \(reason)" }
}
