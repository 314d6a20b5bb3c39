import AppCore
import Terminal

/// The configuration file, `$XDG_CONFIG_HOME/spindle/config.toml`, read: every setting with its
/// value and where it came from (the default, a line of the file, the environment), and the
/// file's mistakes. What was wrong keeps its default; the rest applies. The command line
/// overrides it afterwards (`Browse`).
///
///     let config = SpindleConfig.load(environment: ProcessEnvironment.variables)
///     for problem in config.problems { printError("spindle: \(problem)") }
///     SpindleApp(…, preferences: config.preferences)
package struct SpindleConfig: Sendable {
    /// The file's path; nil when neither XDG_CONFIG_HOME nor HOME says where it is.
    package var path: String?
    /// Whether the file was there and read.
    package var isRead = false

    // [browse]
    package var folders = Setting<[String]>([])
    package var server = Setting<String?>(nil)
    package var pageSize = Setting(50)
    package var mpvArgs = Setting<[String]>([])
    package var video = Setting("auto")
    /// How posters are drawn: auto (what the terminal can), kitty, sixel, truecolor, blocks or off.
    package var pictures = Setting("auto")
    package var downloads = Setting<String?>(nil)
    package var maxDownloads = Setting(3)
    package var mouse = Setting(true)
    // [serve]
    package var listen = Setting<String?>(nil)
    /// The keys the file gives commands, by full name ("list.down"), checked.
    package var keys: [String: Setting<[Key]>] = [:]
    /// Every role's style: the default theme's, changed by the file.
    package var theme: [Theme.Role: Setting<Style>] = Dictionary(
        uniqueKeysWithValues: Theme.Role.allCases.map { ($0, Setting(Theme.standard[$0])) })
    /// Whether colours are drawn (NO_COLOR turns them off, whatever the theme says).
    package var colors = Setting(true)
    /// The file's mistakes, in the order of its lines.
    package var problems: [ConfigProblem] = []

    /// The largest file read: a configuration is a few kilobytes; anything bigger is not one.
    package static let maximumSize = 64 * 1024

    package init(path: String? = nil) {
        self.path = path
    }

    /// The keys and styles the app runs with (made once, at start).
    package var preferences: AppPreferences {
        var styles = Theme.standard
        for (role, setting) in theme { styles[role] = setting.value }
        // Without [keys], the standard table: a second table would make every section again.
        return AppPreferences(keys: keys.isEmpty ? .standard : AppKeyTable(rebinding: keys.mapValues(\.value)),
                              theme: colors.value ? styles : styles.withoutColors)
    }

    /// Where the file is: `config.toml` in Spindle's config folder.
    package static func path(environment: [String: String]) -> String? {
        SpindleHome.config.directory(environment: environment).map { $0 + "/config.toml" }
    }

    /// The configuration of this environment: its file if there is one, then its variables.
    package static func load(environment: [String: String]) -> SpindleConfig {
        guard let path = path(environment: environment) else {
            return SpindleConfig().applying(environment: environment)
        }
        switch ConfigFile.read(path, maximumSize: maximumSize) {
        case .missing:
            return SpindleConfig(path: path).applying(environment: environment)
        case .unreadable(let reason):
            var config = SpindleConfig(path: path)
            config.problems = [ConfigProblem(path: path, line: 1, reason: reason)]
            return config.applying(environment: environment)
        case .text(let text):
            return parse(text, path: path, environment: environment)
        }
    }

    /// The configuration a file's text gives, then the environment's variables over it.
    package static func parse(_ text: String, path: String, environment: [String: String] = [:]) -> SpindleConfig {
        var config = SpindleConfig(path: path)
        config.isRead = true
        do {
            let entries = try TOMLParser.parse(text)
            var reader = ConfigReader(path: path, home: environment["HOME"])
            reader.read(entries, into: &config)
            config.problems = reader.problems.sorted { $0.line < $1.line }
        } catch {
            // A file that cannot be read as a whole is not used at all.
            config.problems = [ConfigProblem(path: path, line: error.line, reason: error.reason + "; the whole file is ignored")]
        }
        return config.applying(environment: environment)
    }

    /// SPINDLE_MPV_ARGS, SPINDLE_NO_MOUSE and NO_COLOR over the file.
    func applying(environment: [String: String]) -> SpindleConfig {
        var config = self
        if let text = environment["SPINDLE_MPV_ARGS"] {
            config.mpvArgs = Setting(text.split(whereSeparator: \.isWhitespace).map(String.init), .environment("SPINDLE_MPV_ARGS"))
        }
        if let value = environment["SPINDLE_NO_MOUSE"], !value.isEmpty, value != "0" {
            config.mouse = Setting(false, .environment("SPINDLE_NO_MOUSE"))
        }
        if let value = environment["NO_COLOR"], !value.isEmpty { config.colors = Setting(false, .environment("NO_COLOR")) }
        return config
    }
}
