import Foundation

/// The name a title's video is stored under in its folder: the title's name made safe, with
/// the extension of the file it comes from, so that a file manager or another player knows it.
///
///     VideoFileName.make(title: "Amélie / le film", address: "http://h/films/Amelie.MKV")   // "Amélie - le film.mkv"
///     VideoFileName.make(title: "Amélie", address: "http://h/v1/titles/t1/video")          // "Amélie" (until its type is known)
///     VideoFileName.fileExtension(contentType: "video/x-matroska")                         // ".mkv"
enum VideoFileName {
    /// The most bytes (UTF-8) kept of the title's name: far under any file system's 255.
    static let byteLimit = 120
    /// What a title with no name left is stored as; also the name videos had before they took
    /// their title's, which is still read.
    static let fallback = "video"

    /// The title's name made safe, and the extension of `address`'s path when it has a short
    /// plain one (`MediaAddress.pathExtension`).
    static func make(title: String, address: String) -> String {
        safe(title) + (MediaAddress.pathExtension(of: address) ?? "")
    }

    /// `name` as a file name: "/" and "\" as "-", control and format characters (bidi
    /// overrides among them) left out, no leading "." or "-" (no hidden file, nothing an option
    /// parser takes), at most `byteLimit` bytes cut between characters, no trailing blank or
    /// ".". A name left empty, or one the folder's other files have (`title.json`, the
    /// subtitles'), is `fallback`.
    static func safe(_ name: String) -> String {
        var result = ""
        var bytes = 0
        for character in name {
            let scalars = character.unicodeScalars
            if scalars.contains(where: { [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }) {
                continue
            }
            var kept = character == "/" || character == "\\" ? "-" : String(character)
            if character.isWhitespace { kept = " " }
            if result.isEmpty, kept == "." || kept == "-" || kept == " " { continue }
            let size = kept.utf8.count
            guard bytes + size <= byteLimit else { break }
            result += kept
            bytes += size
        }
        while let last = result.last, last == " " || last == "." { result.removeLast() }
        let lowered = result.lowercased()
        if result.isEmpty || lowered.hasPrefix("title.json") || lowered == "subtitles" || lowered.hasPrefix("subtitles.") { return fallback }
        return result
    }

    /// The extension for a server's `Content-Type` ("video/mp4; codecs=…" is ".mp4"); nil for
    /// a type that names no media file (`application/octet-stream`, `text/html`).
    static func fileExtension(contentType: String) -> String? {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return byType[type]
    }

    /// Media types and the extension each is stored with.
    static let byType: [String: String] = [
        "video/x-matroska": ".mkv", "video/mp4": ".mp4", "video/webm": ".webm", "video/quicktime": ".mov",
        "video/x-msvideo": ".avi", "video/mp2t": ".ts", "video/ogg": ".ogv", "video/x-flv": ".flv",
        "audio/mpeg": ".mp3", "audio/flac": ".flac", "audio/mp4": ".m4a", "audio/ogg": ".ogg", "audio/x-matroska": ".mka",
    ]

    /// Every extension a stored video may have taken from its `Content-Type`.
    static var typeExtensions: [String] { Array(Set(byType.values)).sorted() }
}
