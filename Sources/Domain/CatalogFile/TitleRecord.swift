import Catalog
import JSON
/// Reads one title out of a catalog line's JSON object, checking every field and reporting the
/// first problem found, in the order the fields are documented (`docs/catalog-format.md`).
///
/// Unknown fields are ignored, so files can carry more than Spindle uses.
enum TitleRecord {
    typealias Problem = CatalogFileError.Problem

    /// Years outside this range are almost certainly typos.
    static let years = 1870 ... 2100

    /// `fields` are one line's, as `JSONValue.parseFields` reads them.
    static func title(from fields: JSONFields) throws(Problem) -> Title {
        typealias Key = Title.CodingKeys
        let id = try text(Key.id, in: fields, allowEmpty: false)
        let title = try text(Key.title, in: fields, allowEmpty: false)
        let year = try integer(Key.year, in: fields)
        guard years.contains(year) else {
            throw .outOfRange(field: "year", requirement: "between \(years.lowerBound) and \(years.upperBound)", found: year)
        }
        let genre = try text(Key.genre, in: fields, allowEmpty: true)
        let media = try media(in: fields)
        // A title that plays for real may leave its length and marks to the media.
        let knowsDuration = media == nil || fields[Key.duration.rawValue] != nil
        let duration = knowsDuration ? try integer(Key.duration, in: fields) : 0
        if knowsDuration, duration <= 0 {
            throw .outOfRange(field: "duration", requirement: "greater than 0", found: duration)
        }
        let knowsIntro = media == nil || fields[Key.introStart.rawValue] != nil || fields[Key.introEnd.rawValue] != nil
        let introStart = knowsIntro ? try mark(Key.introStart, in: fields) : 0
        let introEnd = knowsIntro ? try mark(Key.introEnd, in: fields) : 0
        let knowsCredits = media == nil || fields[Key.creditsStart.rawValue] != nil
        let creditsStart = knowsCredits ? try mark(Key.creditsStart, in: fields) : duration
        try inOrder(Key.introStart, introStart, before: Key.introEnd, introEnd)
        if knowsDuration { try within(duration, Key.introEnd, introEnd) }
        if knowsCredits { try inOrder(Key.introEnd, introEnd, before: Key.creditsStart, creditsStart) }
        if knowsDuration { try within(duration, Key.creditsStart, creditsStart) }
        return Title(
            id: id, title: title, year: year, genre: genre, duration: duration,
            introStart: introStart, introEnd: introEnd, creditsStart: creditsStart,
            media: media.map {
                TitleMedia(video: $0.video, subtitles: $0.subtitles, knowsDuration: knowsDuration,
                           knowsIntro: knowsIntro, knowsCredits: knowsCredits)
            }
        )
    }

    /// `video` and `subtitles`, both optional; subtitles only with a video.
    private static func media(in fields: JSONFields) throws(Problem) -> (video: String, subtitles: String?)? {
        let subtitles = fields["subtitles"] == nil ? nil : try location("subtitles", in: fields)
        guard fields["video"] != nil else {
            if subtitles != nil { throw .missingField("video") }
            return nil
        }
        return (try location("video", in: fields), subtitles)
    }

    /// A file path or a URL: a non-empty string without control characters.
    private static func location(_ name: String, in fields: JSONFields) throws(Problem) -> String {
        guard case .string(let text) = fields[name] else {
            throw .wrongType(field: name, expected: "a string (a path or a URL)", found: (fields[name] ?? .null).quoted)
        }
        if text.allSatisfy(\.isWhitespace) { throw .emptyText(field: name) }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .wrongType(field: name, expected: "a path or a URL without control characters", found: JSONValue.quote(text))
        }
        return text
    }

    private static func field(_ key: Title.CodingKeys, in fields: JSONFields) throws(Problem) -> JSONValue {
        guard let value = fields[key.rawValue] else { throw .missingField(key.rawValue) }
        return value
    }

    private static func text(
        _ key: Title.CodingKeys, in fields: JSONFields, allowEmpty: Bool
    ) throws(Problem) -> String {
        let value = try field(key, in: fields)
        guard case .string(let text) = value else {
            throw .wrongType(field: key.rawValue, expected: "a string", found: value.quoted)
        }
        if !allowEmpty, text.allSatisfy(\.isWhitespace) {
            throw .emptyText(field: key.rawValue)
        }
        return text
    }

    private static func integer(_ key: Title.CodingKeys, in fields: JSONFields) throws(Problem) -> Int {
        let value = try field(key, in: fields)
        // Only plain whole numbers: 90, not 90.0, 9e1, "90" or true, which are likely mistakes.
        guard case .integer(let number) = value else {
            throw .wrongType(field: key.rawValue, expected: "an integer", found: value.quoted)
        }
        return number
    }

    /// A time mark in seconds from the start of the title.
    private static func mark(_ key: Title.CodingKeys, in fields: JSONFields) throws(Problem) -> Int {
        let seconds = try integer(key, in: fields)
        guard seconds >= 0 else {
            throw .outOfRange(field: key.rawValue, requirement: "0 or more", found: seconds)
        }
        return seconds
    }

    private static func inOrder(
        _ earlier: Title.CodingKeys, _ earlierValue: Int, before later: Title.CodingKeys, _ laterValue: Int
    ) throws(Problem) {
        guard laterValue >= earlierValue else {
            throw .marksOutOfOrder(
                later: later.rawValue, laterValue: laterValue,
                earlier: earlier.rawValue, earlierValue: earlierValue)
        }
    }

    private static func within(_ duration: Int, _ key: Title.CodingKeys, _ value: Int) throws(Problem) {
        guard value <= duration else {
            throw .markAfterEnd(field: key.rawValue, value: value, duration: duration)
        }
    }
}
