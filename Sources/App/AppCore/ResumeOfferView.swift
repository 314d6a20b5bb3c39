import SpindleUI
import Terminal

/// "Resume from 1:02:10 · Start over", in a box over the middle of the list, with the title.
enum ResumeOfferView {
    static func render(_ offer: ResumeOffer, in area: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let theme = preferences.theme
        let lines = [
            " \(offer.title.title) ",
            " Resume from \(Formatting.clock(offer.position)) · Start over ",
            " " + hints(preferences.keys.resumeSections) + " ",
        ]
        let width = min(area.columns, lines.map { DisplayText.width($0) }.max() ?? 0)
        let top = area.row + max(0, (area.rows - lines.count) / 2)
        let left = area.column + max(0, (area.columns - width) / 2)
        for (index, line) in lines.enumerated() where top + index < area.row + area.rows {
            let style = index == 1 ? theme.prompt : theme.label
            canvas.put(line + String(repeating: " ", count: max(0, width - DisplayText.width(line))),
                       row: top + index, column: left, style: style, width: width)
        }
    }

    /// "Enter resume   s start over   Esc back": each answer's first key (the configuration's).
    static func hints(_ sections: [AppCommandSection]) -> String {
        let answers = ["resume": "resume", "start-over": "start over", "back": "back"]
        return sections.flatMap(\.commands).compactMap { command -> String? in
            guard let name = command.name, let words = answers[name], let key = command.binding.keys.first else { return nil }
            return KeyLabel.name(key) + " " + words
        }.joined(separator: "   ")
    }
}
