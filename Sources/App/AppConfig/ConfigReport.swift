import AppCore
import Terminal

/// What `spindle config` prints: the effective configuration as a file would say it, each value
/// with where it came from; and the commented default file (`spindle config --default`).
extension SpindleConfig {
    /// Every setting, every command's keys and every role's style, with their origins.
    package var report: String {
        var lines = ["# \(path ?? "(no config folder: neither XDG_CONFIG_HOME nor HOME is set)")"
            + (path == nil ? "" : isRead ? "" : " (not found: the defaults)")]
        func add(_ name: String, _ value: String, _ origin: ConfigOrigin) {
            let text = "\(name) = \(value)"
            lines.append(text.padding(toWidth: 44) + "  # " + origin.description)
        }
        // An unset value is a comment: `server = ""` would be a mistake in a file.
        func add(_ name: String, _ value: String?, unset: String, _ origin: ConfigOrigin) {
            guard let value else { return lines.append("# \(name) is not set: \(unset)".padding(toWidth: 44) + "  # " + origin.description) }
            add(name, quoted(value), origin)
        }
        lines += ["", "[browse]"]
        add("folders", list(folders.value), folders.origin)
        add("server", server.value, unset: "browse the folders, or the last catalog", server.origin)
        add("page-size", String(pageSize.value), pageSize.origin)
        add("mpv-args", list(mpvArgs.value), mpvArgs.origin)
        add("video", quoted(video.value), video.origin)
        add("pictures", quoted(pictures.value), pictures.origin)
        add("downloads", downloads.value, unset: "$XDG_DATA_HOME/spindle/downloads", downloads.origin)
        add("max-downloads", String(maxDownloads.value), maxDownloads.origin)
        add("mouse", String(mouse.value), mouse.origin)
        lines += ["", "[serve]"]
        add("listen", listen.value, unset: "127.0.0.1:8700", listen.origin)
        for screen in KeyScreen.allCases {
            lines += ["", "[keys.\(screen.rawValue)]"]
            for command in screen.commands {
                let local = String(command.name.dropFirst(screen.rawValue.count + 1))
                let setting = keys[command.name] ?? Setting(command.keys)
                add(local, list(setting.value.map(KeySyntax.text)), setting.origin)
            }
        }
        lines += ["", "[theme]  # colours: \(colors.value ? "on" : "off, NO_COLOR is set")"]
        for role in Theme.Role.allCases {
            let setting = theme[role] ?? Setting(Theme.standard[role])
            add(role.rawValue, Self.describe(setting.value), setting.origin)
        }
        return lines.joined(separator: "\n")
    }

    private func quoted(_ text: String) -> String { "\"" + Self.escaped(text) + "\"" }

    private func list(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ", ") + "]" }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.append(character)
            }
        }
        return result
    }

    /// A style as an inline table: `{ foreground = "black", background = "cyan", attributes = ["bold"] }`.
    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.foreground != .default { parts.append("foreground = " + ColorSyntax.text(style.foreground)) }
        if style.background != .default { parts.append("background = " + ColorSyntax.text(style.background)) }
        let names = ConfigReader.attributes.sorted { $0.value.rawValue < $1.value.rawValue }
            .filter { style.attributes.contains($0.value) }.map { "\"\($0.key)\"" }
        parts.append("attributes = [" + names.joined(separator: ", ") + "]")
        return "{ " + parts.joined(separator: ", ") + " }"
    }
}

extension String {
    /// The text with spaces after it up to `width` characters.
    func padding(toWidth width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
