#if canImport(Glibc)
import Glibc
#endif
import Catalog
import JSON
import Player

/// The audio and subtitle tracks, the subtitles' delay and the speed of a loaded session.
extension MPVSession {
    /// Tells mpv what changed since it was last told: `aid`, `sid` (`no` for none), `sub-delay`
    /// (seconds) and `speed`. nil tracks leave mpv's own choice (`auto`).
    func setPlayback(_ playback: PlaybackChoice) {
        let last = state.withLock { state in
            defer { state.playback = playback }
            return state.playback
        }
        if last?.audioTrack != playback.audioTrack || last == nil {
            set("aid", playback.audioTrack.map { .integer($0) } ?? "auto")
        }
        if last?.subtitles != playback.subtitles || last == nil {
            let sid: JSONValue = switch playback.subtitles {
            case .off: "no"
            case .track(let id): .integer(id)
            case nil: "auto"
            }
            set("sid", sid)
        }
        if last?.subtitleDelay != playback.subtitleDelay {
            set("sub-delay", .number(String(Double(playback.subtitleDelay) / 1000)))
        }
        if last?.speed != playback.speed {
            set("speed", .number(String(Double(playback.speed) / 100)))
        }
    }

    private func set(_ property: String, _ value: JSONValue) {
        connection.send(["set_property", .string(property), value], completion: failOnTimeout)
    }
}

/// mpv's `track-list` read as the player's tracks: audio and subtitles only (not video).
enum MPVTracks {
    static func tracks(from list: JSONValue) -> [MediaTrack] {
        (list.array ?? []).compactMap { track in
            let kind: MediaTrack.Kind
            switch track["type"]?.string {
            case "audio": kind = .audio
            case "sub": kind = .subtitles
            default: return nil
            }
            guard let id = track["id"]?.double.map({ Int($0) }) else { return nil }
            return MediaTrack(
                id: id, kind: kind, language: track["lang"]?.string, title: track["title"]?.string,
                codec: track["codec"]?.string, isSelected: track["selected"]?.bool ?? false)
        }
    }
}

extension MPVTracks {
    /// Whether mpv's `track-list` has a track read from the file at `path` (its
    /// `external-filename`): the same text, or the same file once links and `..` are resolved.
    static func hasExternalFile(_ path: String, in list: JSONValue) -> Bool {
        let names = (list.array ?? []).compactMap { $0["external-filename"]?.string }
        if names.contains(path) { return true }
        guard let resolved = resolvedPath(path) else { return false }
        return names.contains { resolvedPath($0) == resolved }
    }

    /// Whether mpv's `track-list` has a picture: a video track that is not a cover (`albumart`).
    static func hasPicture(_ list: JSONValue) -> Bool {
        (list.array ?? []).contains { $0["type"]?.string == "video" && $0["albumart"]?.bool != true }
    }

    /// The size of the picture of the first video track that is not a cover (`demux-w`,
    /// `demux-h`); nil without one, or when the file does not say.
    static func pictureSize(_ list: JSONValue) -> PictureSize? {
        guard let video = (list.array ?? []).first(where: { $0["type"]?.string == "video" && $0["albumart"]?.bool != true }),
              let width = video["demux-w"]?.double, let height = video["demux-h"]?.double,
              width >= 1, height >= 1, width < 1e6, height < 1e6 else { return nil }
        return PictureSize(width: Int(width), height: Int(height))
    }

    /// `path` with links, `.` and `..` resolved; nil when it names no file here (a URL).
    private static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
