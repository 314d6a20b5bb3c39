import SpindleUI
import Terminal

/// "Resume from 1:02:10 · Start over", in a box over the middle of the list, with the title.
enum ResumeOfferView {
    static func render(_ offer: ResumeOffer, in area: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let theme = preferences.theme
        let lines: [(text: String, style: Style)] = [
            (" \(offer.title.title) ", theme.label),
            (" Resume from \(Formatting.clock(offer.position)) · Start over ", theme.prompt),
            (" " + hints(preferences.keys.resumeSections) + " ", theme.label),
        ]
        OverlayBox.render(lines, width: OverlayBox.width(of: lines), ellipsis: false, in: area, on: canvas)
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
