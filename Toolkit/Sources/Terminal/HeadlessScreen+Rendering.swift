/// Readable renderings of the headless grid, for snapshot files.
extension HeadlessScreen {
    /// The screen as text: one line per row, trailing spaces trimmed.
    public var text: String {
        (0..<size.rows).map { rowText($0) }.joined(separator: "\n")
    }

    /// One row as text, trailing spaces trimmed.
    public func rowText(_ row: Int) -> String {
        var line = ""
        for column in 0..<size.columns { line += cell(row: row, column: column).text }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// The screen as text with style marks: each run of a non-plain style is wrapped as
    /// `⟦bold,fg=cyan⟧text⟦/⟧`; a visible cursor is shown as `▏` before its cell.
    public var styledText: String {
        (0..<size.rows).map { row in
            var line = ""
            var current = Style.plain
            var pendingSpaces = ""
            for column in 0..<size.columns {
                let cell = cell(row: row, column: column)
                if cursor == Position(row: row, column: column) {
                    line += pendingSpaces + "▏"
                    pendingSpaces = ""
                }
                if cell.style != current {
                    line += pendingSpaces
                    pendingSpaces = ""
                    if current != .plain { line += "⟦/⟧" }
                    if cell.style != .plain { line += "⟦\(Self.describe(cell.style))⟧" }
                    current = cell.style
                }
                if cell.text == " " && current == .plain {
                    pendingSpaces += " "
                } else {
                    line += pendingSpaces + cell.text
                    pendingSpaces = ""
                }
            }
            if current != .plain { line += "⟦/⟧" }
            return line
        }.joined(separator: "\n")
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"), (.italic, "italic")]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        if style.foreground != .default { parts.append("fg=\(describe(style.foreground))") }
        if style.background != .default { parts.append("bg=\(describe(style.background))") }
        return parts.joined(separator: ",")
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .indexed(let index): return "\(index)"
        default: return "\(color)"
        }
    }
}
