import Terminal

/// The app's styles in one place.
enum Theme {
    static let header = Style(.bold, foreground: .black, background: .cyan)
    static let headings = Style(.dim)
    static let selected = Style(.reverse)
    static let footer = Style(.dim)
    static let error = Style(.bold, foreground: .red)
    static let notice = Style(.dim)
    static let label = Style(.bold)
    static let progress = Style(.bold, foreground: .cyan)
    static let prompt = Style(.bold, foreground: .black, background: .yellow)
}
