#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Catalog
import JSON

extension JSONLinesCatalog {
    /// The titles as a catalog file: one JSON object per line, fields in documented order.
    /// Control characters are escaped, so the file is safe to print.
    package static func encode(_ titles: [Title]) -> Data {
        var text = ""
        text.reserveCapacity(titles.count * 160)
        for title in titles {
            appendLine(for: title, to: &text)
        }
        return Data(text.utf8)
    }

    /// Writes `titles` to `path` as a catalog file, replacing what was there.
    package static func write(_ titles: [Title], toFile path: String) throws {
        try encode(titles).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// One title as one line, newline included.
    package static func line(for title: Title) -> String {
        var text = ""
        appendLine(for: title, to: &text)
        return text
    }

    private static func appendLine(for title: Title, to text: inout String) {
        typealias Key = Title.CodingKeys
        text += "{\"\(Key.id.rawValue)\":"
        JSONEscaping.appendLiteral(title.id, to: &text)
        text += ",\"\(Key.title.rawValue)\":"
        JSONEscaping.appendLiteral(title.title, to: &text)
        text += ",\"\(Key.year.rawValue)\":\(title.year),\"\(Key.genre.rawValue)\":"
        JSONEscaping.appendLiteral(title.genre, to: &text)
        // What a title that plays for real leaves to its media stays left out.
        if title.media?.knowsDuration != false { text += ",\"\(Key.duration.rawValue)\":\(title.duration)" }
        if title.media?.knowsIntro != false {
            text += ",\"\(Key.introStart.rawValue)\":\(title.introStart)"
            text += ",\"\(Key.introEnd.rawValue)\":\(title.introEnd)"
        }
        if title.media?.knowsCredits != false { text += ",\"\(Key.creditsStart.rawValue)\":\(title.creditsStart)" }
        if let media = title.media {
            text += ",\"video\":"
            JSONEscaping.appendLiteral(media.video, to: &text)
            if let subtitles = media.subtitles {
                text += ",\"subtitles\":"
                JSONEscaping.appendLiteral(subtitles, to: &text)
            }
        }
        text += "}\n"
    }
}
