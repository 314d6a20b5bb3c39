import Terminal

/// The texts made from bindings: the footer's one-line hint, the lines of the full help and a
/// Markdown key table for the docs. Disabled bindings are left out of all of them.
///
///     canvas.put(KeyHelp.shortLine([up, search, quit], width: 40), row: 23, column: 1)
///     let table = KeyHelp.markdownTable(sections)   // "| Keys | Action |\n|---|---|\n…"
public enum KeyHelp {
    /// The gap between two hints in the short line.
    package static let separator = "  "

    /// The enabled bindings marked for the short help, as "label description" hints joined by
    /// two spaces, within `width` display columns. A hint that does not fit is dropped whole
    /// (with those after it) rather than cut mid-word; "…" says some were dropped, when it fits.
    ///
    ///     KeyHelp.shortLine(bindings, width: 20)  // "↑/k up  q quit"
    public static func shortLine(_ bindings: [KeyBinding], width: Int) -> String {
        var line = ""
        var used = 0
        var dropped = false
        for binding in bindings where binding.isEnabled && binding.isInShortHelp {
            let hint = binding.hint
            let hintWidth = DisplayText.width(hint)
            let needed = used == 0 ? hintWidth : used + separator.count + hintWidth
            guard needed <= width else {
                dropped = true
                break
            }
            if used > 0 { line += separator }
            line += hint
            used = needed
        }
        if dropped, used + (used == 0 ? 1 : separator.count + 1) <= width {
            line += used == 0 ? "…" : separator + "…"
        }
        return line
    }

    /// The full help as lines: per shown section, its title (if any), then each enabled
    /// binding's label padded to the widest label, two spaces and its description; a blank
    /// line between sections.
    ///
    ///     KeyHelp.lines([KeyBindingSection("List", [up])])  // [.title("List"), .binding("↑/k", "up")]
    public static func lines(_ sections: [KeyBindingSection]) -> [HelpLine] {
        var lines: [HelpLine] = []
        for section in sections where section.isShown {
            if !lines.isEmpty { lines.append(.blank) }
            if !section.title.isEmpty { lines.append(.title(section.title)) }
            for binding in section.bindings where binding.isEnabled {
                lines.append(.binding(label: binding.label, description: binding.description))
            }
        }
        return lines
    }

    /// A Markdown table of the enabled bindings, one `| Keys | Action |` table per shown
    /// section under a `### Title` heading (sections without a title get no heading). Pipes in
    /// labels are escaped.
    ///
    ///     try String(contentsOfFile: "docs/keys.md") == KeyHelp.markdownTable(AppKeys.sections)
    public static func markdownTable(_ sections: [KeyBindingSection]) -> String {
        var blocks: [String] = []
        for section in sections where section.isShown {
            var block = section.title.isEmpty ? "" : "### \(section.title)\n\n"
            block += "| Keys | Action |\n|---|---|\n"
            for binding in section.bindings where binding.isEnabled {
                block += "| \(escaped(binding.label)) | \(escaped(binding.description)) |\n"
            }
            blocks.append(block)
        }
        return blocks.joined(separator: "\n")
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "|" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

/// One line of the full help.
///
///     for line in KeyHelp.lines(sections) { if case .title(let title) = line { print(title) } }
public enum HelpLine: Hashable, Sendable {
    /// A section title or the footnote.
    case title(String)
    /// A binding: its keys' label and what it does.
    case binding(label: String, description: String)
    /// A blank line between sections.
    case blank
}
