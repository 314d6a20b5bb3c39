import AppCore
import Terminal

/// Turns the file's entries into settings, one mistake per line it finds: a value of the wrong
/// kind, out of range, an unknown setting, command, key, role or colour. A wrong entry keeps the
/// default it would have replaced.
struct ConfigReader {
    let path: String
    /// $HOME, for folders written "~/…".
    let home: String?
    private(set) var problems: [ConfigProblem] = []
    /// Keys given to commands, by full name, with their lines (checked together at the end).
    private var rebinding: [String: (keys: [Key], line: Int)] = [:]

    init(path: String, home: String?) {
        self.path = path
        self.home = home
    }

    mutating func read(_ entries: [TOMLEntry], into config: inout SpindleConfig) {
        for entry in entries {
            switch entry.path.first {
            case "browse": readBrowse(entry, into: &config)
            case "serve": readServe(entry, into: &config)
            case "keys": readKey(entry)
            case "theme": readTheme(entry, into: &config)
            default: problem(entry, "unknown setting \(entry.dottedPath) (the file has [browse], [serve], [keys] and [theme])")
            }
        }
        let (accepted, refused) = AppKeyTable.check(rebinding.mapValues(\.keys))
        for (name, keys) in accepted { config.keys[name] = Setting(keys, origin(rebinding[name]?.line ?? 1)) }
        for (name, reason) in refused {
            let consequence = if case .boundTwice = reason { "; its default keys apply" } else { "" }
            problems.append(ConfigProblem(path: path, line: rebinding[name]?.line ?? 1, reason: "\(reason)\(consequence)"))
        }
    }

    private func origin(_ line: Int) -> ConfigOrigin { .file(path: path, line: line) }

    private mutating func problem(_ entry: TOMLEntry, _ reason: String) {
        problems.append(ConfigProblem(path: path, line: entry.line, reason: reason))
    }

    private mutating func wrongKind(_ entry: TOMLEntry, _ expected: String) {
        problem(entry, "\(entry.dottedPath) must be \(expected), not \(entry.value.kind)")
    }

    // MARK: [browse] and [serve]

    private mutating func readBrowse(_ entry: TOMLEntry, into config: inout SpindleConfig) {
        let here = origin(entry.line)
        switch (entry.path.dropFirst().joined(separator: "."), entry.value) {
        case ("page-size", .integer(let size)):
            guard (1...10_000).contains(size) else { return problem(entry, "browse.page-size must be between 1 and 10000") }
            config.pageSize = Setting(size, here)
        case ("max-downloads", .integer(let count)):
            guard (1...16).contains(count) else { return problem(entry, "browse.max-downloads must be between 1 and 16") }
            config.maxDownloads = Setting(count, here)
        case ("mpv-args", .string(let text)):
            config.mpvArgs = Setting(text.split(whereSeparator: \.isWhitespace).map(String.init), here)
        case ("mpv-args", .array(let items)):
            guard let words = strings(items) else { return wrongKind(entry, "a string or a list of strings") }
            config.mpvArgs = Setting(words, here)
        case ("video", .string(let mode)):
            guard ["auto", "window", "none"].contains(mode) else { return problem(entry, "browse.video must be auto, window or none") }
            config.video = Setting(mode, here)
        case ("pictures", .string(let way)):
            guard ["auto", "kitty", "sixel", "truecolor", "blocks", "off"].contains(way) else {
                return problem(entry, "browse.pictures must be auto, kitty, sixel, truecolor, blocks or off")
            }
            config.pictures = Setting(way, here)
        case ("folders", .array(let items)):
            guard let folders = strings(items), !folders.contains(where: \.isEmpty) else {
                return wrongKind(entry, "a list of folders (strings)")
            }
            config.folders = Setting(folders.map { expandingHome($0) }, here)
        case ("server", .string(let address)):
            guard address.hasPrefix("http://") || address.hasPrefix("https://") else {
                return problem(entry, "browse.server must start with http:// or https://")
            }
            config.server = Setting(address, here)
        case ("downloads", .string(let folder)):
            guard !folder.isEmpty else { return problem(entry, "browse.downloads must name a folder") }
            config.downloads = Setting(expandingHome(folder), here)
        case ("mouse", .boolean(let on)):
            config.mouse = Setting(on, here)
        case ("page-size", _), ("max-downloads", _): wrongKind(entry, "an integer")
        case ("video", _), ("pictures", _), ("server", _), ("downloads", _): wrongKind(entry, "a string")
        case ("mpv-args", _): wrongKind(entry, "a string or a list of strings")
        case ("folders", _): wrongKind(entry, "a list of folders (strings)")
        case ("mouse", _): wrongKind(entry, "true or false")
        default:
            problem(entry, "unknown setting \(entry.dottedPath) (browse has folders, server, page-size, mpv-args, video, pictures, downloads, max-downloads, mouse)")
        }
    }

    private mutating func readServe(_ entry: TOMLEntry, into config: inout SpindleConfig) {
        switch (entry.path.dropFirst().joined(separator: "."), entry.value) {
        case ("listen", .string(let address)): config.listen = Setting(address, origin(entry.line))
        case ("listen", _): wrongKind(entry, "a string")
        default: problem(entry, "unknown setting \(entry.dottedPath) (serve has listen)")
        }
    }

    // MARK: [keys]

    /// `keys.list.down = "n"` or `= ["n", "ctrl+n"]`; `= []` leaves the command without keys.
    private mutating func readKey(_ entry: TOMLEntry) {
        let name = entry.path.dropFirst().joined(separator: ".")
        guard entry.path.count == 3 else {
            return problem(entry, "keys are set as keys.SCREEN.COMMAND, e.g. keys.list.down = \"n\" (not \(entry.dottedPath))")
        }
        let texts: [String]
        switch entry.value {
        case .string(let text): texts = [text]
        case .array(let items):
            guard let words = strings(items) else { return wrongKind(entry, "a key or a list of keys (strings)") }
            texts = words
        default: return wrongKind(entry, "a key or a list of keys (strings)")
        }
        var keys: [Key] = []
        for text in texts {
            guard let key = KeySyntax.key(text) else {
                return problem(entry, "\"\(text.prefix(40))\" is not a key (keys look like \"j\", \"ctrl+d\", \"shift+left\", \"enter\", \"space\", \"f5\")")
            }
            if !keys.contains(key) { keys.append(key) }
        }
        rebinding[name] = (keys, entry.line)
    }

    // MARK: [theme]

    /// `theme.header.foreground = "#5fafff"`, `.background`, `.attributes = ["bold"]` (or the
    /// same as an inline table: `header = { foreground = "black", background = "cyan" }`).
    private mutating func readTheme(_ entry: TOMLEntry, into config: inout SpindleConfig) {
        guard entry.path.count == 3, let role = Theme.Role(rawValue: entry.path[1]) else {
            let roles = Theme.Role.allCases.map(\.rawValue).joined(separator: ", ")
            return problem(entry, "unknown theme setting \(entry.dottedPath) (theme.ROLE.foreground, .background or .attributes; roles: \(roles))")
        }
        var setting = config.theme[role] ?? Setting(Theme.standard[role])
        switch entry.path[2] {
        case "foreground", "fg", "background", "bg":
            guard let color = ColorSyntax.color(entry.value) else {
                return problem(entry, "\(entry.dottedPath): \(describe(entry.value)) is not a colour (a name such as \"cyan\" or \"bright-blue\", 0 to 255, or \"#rrggbb\")")
            }
            if entry.path[2].hasPrefix("f") { setting.value.foreground = color } else { setting.value.background = color }
        case "attributes":
            guard case .array(let items) = entry.value, let names = strings(items) else {
                return wrongKind(entry, "a list of attributes (bold, dim, reverse, underline, italic)")
            }
            var attributes: Attributes = []
            for name in names {
                guard let attribute = Self.attributes[name.lowercased()] else {
                    return problem(entry, "\"\(name.prefix(40))\" is not an attribute (bold, dim, reverse, underline, italic)")
                }
                attributes.insert(attribute)
            }
            setting.value.attributes = attributes
        default:
            return problem(entry, "unknown theme setting \(entry.dottedPath) (foreground, background or attributes)")
        }
        setting.origin = origin(entry.line)
        config.theme[role] = setting
    }

    static let attributes: [String: Attributes] = [
        "bold": .bold, "dim": .dim, "reverse": .reverse, "underline": .underline, "italic": .italic,
    ]

    // MARK: Helpers

    private func strings(_ items: [TOMLValue]) -> [String]? {
        var words: [String] = []
        for item in items {
            guard case .string(let word) = item else { return nil }
            words.append(word)
        }
        return words
    }

    private func describe(_ value: TOMLValue) -> String {
        switch value {
        case .string(let text): "\"\(text.prefix(40))\""
        case .integer(let number): String(number)
        default: value.kind
        }
    }

    /// "~/Videos" under $HOME (the file is read by the user it belongs to).
    private func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home, home.hasPrefix("/") else {
            return path
        }
        return home + path.dropFirst()
    }
}
