import SpindleUI
import Terminal

/// The app's styles in one place.
enum Theme {
    static let header = Style(.bold, foreground: .black, background: .cyan)
    static let headings = Style(.dim)
    static let selected = Style(.reverse)
    /// Letters of a title that the search matched, on a plain row and on the selected one.
    static let match = Style([.bold, .underline])
    static let selectedMatch = Style([.reverse, .bold, .underline])
    static let footer = Style(.dim)
    static let error = Style(.bold, foreground: .red)
    static let notice = Style(.dim)
    static let label = Style(.bold)
    static let progress = Style(.bold, foreground: .cyan)
    /// A download's mark and bar.
    static let download = Style(foreground: .green)
    static let prompt = Style(.bold, foreground: .black, background: .yellow)

    static let list = ListStyles(selected: selected, thumb: .plain)
    static let help = HelpStyles(footer: footer)
    static let spinner = LoadingSpinner.braille
}
