import Catalog

extension SimulatedEngine {
    /// The tracks a title without media "has", so that the track keys and the picker work on
    /// the embedded catalog (`make run`): two or three audio tracks and three subtitle tracks,
    /// the same for every title but for a commentary on every other one.
    package static func tracks(for title: Title) -> [MediaTrack] {
        var tracks = [
            MediaTrack(id: 1, kind: .audio, language: "eng", title: "English 5.1", codec: "eac3", isSelected: true),
            MediaTrack(id: 2, kind: .audio, language: "fra", title: "Français", codec: "aac"),
        ]
        if title.id.utf8.reduce(0, { $0 &+ Int($1) }) % 2 == 0 {
            tracks.append(MediaTrack(id: 3, kind: .audio, language: "eng", title: "Director's commentary", codec: "aac"))
        }
        tracks += [
            MediaTrack(id: 1, kind: .subtitles, language: "eng", title: "English", codec: "subrip"),
            MediaTrack(id: 2, kind: .subtitles, language: "eng", title: "English SDH", codec: "subrip"),
            MediaTrack(id: 3, kind: .subtitles, language: "deu", title: "Deutsch", codec: "ass"),
        ]
        return tracks
    }
}
