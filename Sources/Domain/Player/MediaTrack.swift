/// An audio or subtitle track of the media, as the engine lists it (mpv's `track-list`).
/// The language and title are data from the file: the screen draws them as text only.
///
///     MediaTrack(id: 2, kind: .audio, language: "fra", title: "Français", codec: "aac")
package struct MediaTrack: Equatable, Hashable, Sendable, Codable {
    package enum Kind: String, Equatable, Hashable, Sendable, Codable {
        case audio
        case subtitles
    }

    /// The engine's id within its kind (mpv's `aid` or `sid`), from 1.
    package var id: Int
    package var kind: Kind
    /// As the file tags it ("eng", "fra"); nil when untagged.
    package var language: String?
    package var title: String?
    package var codec: String?
    /// Whether the engine picked it when the media loaded (its default).
    package var isSelected: Bool

    package init(id: Int, kind: Kind, language: String? = nil, title: String? = nil, codec: String? = nil,
                 isSelected: Bool = false) {
        self.id = id
        self.kind = kind
        self.language = language
        self.title = title
        self.codec = codec
        self.isSelected = isSelected
    }

    /// "English (eng, aac)", "eng", "Track 2": what the HUD and the picker show.
    package var label: String {
        let details = [language, codec].compactMap { $0?.isEmpty == false ? $0 : nil }
        guard let title, !title.isEmpty else {
            return details.isEmpty ? "Track \(id)" : details.joined(separator: ", ")
        }
        return details.isEmpty ? title : "\(title) (\(details.joined(separator: ", ")))"
    }
}
