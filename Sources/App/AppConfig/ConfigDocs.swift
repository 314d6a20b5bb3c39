import AppCore

/// The tables docs/config.md shows, made from the bindings and the default theme (a test
/// compares them with the docs; `SPINDLE_RECORD_DOCS=1` writes them again).
extension SpindleConfig {
    /// Every command's full name, default keys (as the file writes them) and action, by screen.
    package static var commandTable: String {
        KeyScreen.allCases.map { screen in
            var block = "### \(screen.rawValue)\n\n| Command | Default keys | Action |\n|---|---|---|\n"
            for command in screen.commands {
                let keys = command.keys.map { "`" + (KeySyntax.text($0) == "|" ? "\\|" : KeySyntax.text($0)) + "`" }
                block += "| `\(command.name)` | \(keys.isEmpty ? "(none)" : keys.joined(separator: " ")) | \(command.description.replacingPipes) |\n"
            }
            return block
        }.joined(separator: "\n")
    }

    /// Every theme role, its default style and what it colours.
    package static var roleTable: String {
        var table = "| Role | Default | What it colours |\n|---|---|---|\n"
        for role in Theme.Role.allCases {
            table += "| `\(role.rawValue)` | `\(describe(Theme.standard[role]))` | \(role.use) |\n"
        }
        return table
    }
}

extension String {
    fileprivate var replacingPipes: String {
        var result = ""
        for character in self {
            if character == "|" { result += "\\" }
            result.append(character)
        }
        return result
    }
}
