import SpindleUI
import Terminal

/// The app's styles, one per role. `standard` is the default theme; a configuration file
/// changes roles of it (`Theme.Role`), and the app draws with the result, made once at start.
package struct Theme: Equatable, Sendable {
    package var header = Style(.bold, foreground: .black, background: .cyan)
    package var headings = Style(.dim)
    package var selected = Style(.reverse)
    /// Letters of a title that the search matched, on a plain row and on the selected one.
    package var match = Style([.bold, .underline])
    package var selectedMatch = Style([.reverse, .bold, .underline])
    package var footer = Style(.dim)
    package var error = Style(.bold, foreground: .red)
    package var notice = Style(.dim)
    package var label = Style(.bold)
    package var progress = Style(.bold, foreground: .cyan)
    /// A download's mark and bar.
    package var download = Style(foreground: .green)
    package var prompt = Style(.bold, foreground: .black, background: .yellow)

    package static let standard = Theme()

    var list: ListStyles { ListStyles(selected: selected, thumb: .plain) }
    var help: HelpStyles { HelpStyles(footer: footer) }
    static let spinner = LoadingSpinner.braille

    /// The roles a configuration names, in the order the docs list them.
    package enum Role: String, CaseIterable, Sendable {
        case header, headings, selected, match, selectedMatch = "selected-match", footer, error, notice, label, progress,
             download, prompt

        /// What the role colours.
        package var use: String {
            switch self {
            case .header: "the top line: the app's name, the search, what is loaded"
            case .headings: "the list's column headings"
            case .selected: "the selected row"
            case .match: "letters the search matched"
            case .selectedMatch: "letters the search matched, on the selected row"
            case .footer: "the bottom line: key hints, the position"
            case .error: "errors: a page that failed, a download that failed"
            case .notice: "quiet notes: loading, nothing matched, the time in the player"
            case .label: "labels: the details' fields, the player's title, notices"
            case .progress: "the player's progress bar"
            case .download: "a download's mark and bar"
            case .prompt: "the player's prompts (skip intro, up next) and the resume offer"
            }
        }

        /// The theme's style for the role.
        var style: WritableKeyPath<Theme, Style> {
            switch self {
            case .header: \.header
            case .headings: \.headings
            case .selected: \.selected
            case .match: \.match
            case .selectedMatch: \.selectedMatch
            case .footer: \.footer
            case .error: \.error
            case .notice: \.notice
            case .label: \.label
            case .progress: \.progress
            case .download: \.download
            case .prompt: \.prompt
            }
        }
    }

    package subscript(role: Role) -> Style {
        get { self[keyPath: role.style] }
        set { self[keyPath: role.style] = newValue }
    }

    /// The same theme without colours (attributes only): what NO_COLOR asks for.
    package var withoutColors: Theme {
        var theme = self
        for role in Role.allCases {
            theme[role].foreground = .default
            theme[role].background = .default
        }
        return theme
    }
}
