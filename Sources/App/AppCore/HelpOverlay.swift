import SpindleUI
import Terminal

/// Every key of the screen under it, and the help's own keys, in a box over the screen that
/// scrolls when it does not fit (`?`; `?` or Esc closes it, q quits, ↑↓ scroll it).
enum HelpOverlay {
    static func help(for state: AppState, preferences: AppPreferences = .standard) -> Help {
        var help = Help(sections: preferences.keys.helpSections(for: state).sections(), styles: preferences.theme.help)
        help.scrollDown(by: state.helpOffset)
        return help
    }

    static func render(_ state: AppState, in area: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        help(for: state, preferences: preferences).renderFull(in: area, on: canvas)
    }

    /// The furthest the help can scroll on the state's screen: the lines that do not fit. The
    /// reducer asks with the default keys: commands given no keys make the help shorter, and
    /// the help stops at its end when drawn.
    static func maximumOffset(for state: AppState) -> Int {
        let lines = lineCount(for: state)
        return max(lines - visibleLines(lineCount: lines, rows: state.size.rows), 0)
    }

    /// How many of the help's lines its box shows on the state's screen (inside its border).
    static func visibleLines(for state: AppState) -> Int {
        visibleLines(lineCount: lineCount(for: state), rows: state.size.rows)
    }

    /// The help's lines on the state's screen, with the default keys (see `maximumOffset`).
    private static func lineCount(for state: AppState) -> Int {
        Help(sections: AppKeyTable.standard.helpSections(for: state).sections()).lines.count
    }

    private static func visibleLines(lineCount lines: Int, rows: Int) -> Int {
        max(min(lines + 2, rows) - 2, 1)
    }
}
