import Catalog
import JSON

/// What Spindle takes from ffprobe's JSON answer (`-show_format -show_streams -show_chapters`).
///
///     let answer = try FFProbeAnswer(json: bytes)
///     answer.duration    // 1312.5
///     answer.tags["show"]
struct FFProbeAnswer: Equatable {
    /// Seconds (`format.duration`).
    var duration: Double?
    var chapters: [Chapter]
    /// `format.tags`, keys lowercased (Matroska writes `TITLE`, MP4 `title`), empty values left out.
    var tags: [String: String]
    /// Whether a stream is a picture that is not cover art (`disposition.attached_pic`).
    var hasVideo: Bool

    struct Unreadable: Error {}

    init(duration: Double? = nil, chapters: [Chapter] = [], tags: [String: String] = [:], hasVideo: Bool = false) {
        self.duration = duration
        self.chapters = chapters
        self.tags = tags
        self.hasVideo = hasVideo
    }

    init(json bytes: [UInt8]) throws(Unreadable) {
        // The parser takes valid UTF-8 only; a tag may hold anything, so repair it first.
        let text = String(decoding: bytes, as: UTF8.self)
        let parsed = Array(text.utf8).withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(buffer) }
        }
        guard case .success(.object(let root)) = parsed, case .object(let format)? = root["format"] else {
            throw Unreadable()
        }
        self.init()
        duration = Self.seconds(format["duration"]).flatMap { $0 >= 0 ? $0 : nil }
        if case .object(let tags)? = format["tags"] {
            for (key, value) in tags {
                guard let text = Self.text(value)?.trimmed, !text.isEmpty else { continue }
                self.tags[key.lowercased()] = String(text)
            }
        }
        if case .array(let chapters)? = root["chapters"] {
            self.chapters = chapters.enumerated().compactMap { index, chapter in
                guard case .object(let chapter) = chapter, let start = Self.seconds(chapter["start_time"]) else {
                    return nil
                }
                var title = "Chapter \(index + 1)"
                if case .object(let tags)? = chapter["tags"],
                   let named = tags.first(where: { $0.key.lowercased() == "title" }).flatMap({ Self.text($0.value) }),
                   !named.trimmed.isEmpty {
                    title = String(named.trimmed)
                }
                return Chapter(title: title, start: start)
            }
        }
        if case .array(let streams)? = root["streams"] {
            hasVideo = streams.contains { stream in
                guard case .object(let stream) = stream, stream["codec_type"] == .string("video") else { return false }
                if case .object(let disposition)? = stream["disposition"], disposition["attached_pic"] == .integer(1) {
                    return false
                }
                return true
            }
        }
    }

    /// A number of seconds, as ffprobe writes them (`"12.000000"`, a string) or as a number.
    private static func seconds(_ value: JSONValue?) -> Double? {
        switch value {
        case .string(let text)?: Double(text).flatMap { $0.isFinite ? $0 : nil }
        case .integer(let number)?: Double(number)
        case .number(let text)?: Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: nil
        }
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .number(let text): text
        default: nil
        }
    }
}
