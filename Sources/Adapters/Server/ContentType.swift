/// The `Content-Type` of a media file, by its extension (any case).
///
///     ContentType.of("/media/Amelie.MKV")   // "video/x-matroska"
///     ContentType.of("/media/notes")        // "application/octet-stream"
enum ContentType {
    static let byExtension: [String: String] = [
        "mkv": "video/x-matroska", "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm",
        "mov": "video/quicktime", "avi": "video/x-msvideo", "ts": "video/mp2t", "ogv": "video/ogg",
        "mp3": "audio/mpeg", "flac": "audio/flac", "m4a": "audio/mp4", "opus": "audio/ogg",
        "srt": "application/x-subrip", "vtt": "text/vtt", "ass": "text/x-ssa",
    ]

    static func of(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
