import SpindleUI
import Terminal

/// "Resume from 1:02:10 · Start over", in a box titled with the title, over the middle of the
/// list, the answers' keys under it.
enum ResumeOfferView {
    static func render(_ offer: ResumeOffer, in area: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let theme = preferences.theme
        OverlayBox(title: offer.title.title, lines: [("Resume from \(Formatting.clock(offer.position)) · Start over", theme.prompt)],
                   footer: (hints(preferences.keys.resumeSections), theme.label))
            .render(in: area, theme: theme, on: canvas)
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
