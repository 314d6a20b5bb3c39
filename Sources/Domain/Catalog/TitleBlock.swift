/// Titles as one string: how a page of titles is kept in the session's journal and snapshot
/// (`Page` and the list's loaded titles), so that resuming a session reads a page as one JSON
/// string and not as a thousand JSON objects. Foundation's `JSONDecoder` spends about 80,000
/// instructions on one title written as an object (81 M of the 120 M a resumed start took with
/// a page of 1,000); read from a block, a title costs about 3,900, the JSON string around it
/// included.
///
/// The form (bytes; every field ends itself, so titles follow one another with nothing between):
///
///     block    = "1;" count title*                 the form's version, then how many titles
///     title    = text(id) text(title) int(year) text(genre) int(duration) int(intro start)
///                int(intro end) int(credits start) media group
///     media    = "~" | "m" text(video) maybe(text(subtitles)) bool bool bool maybe(text(problem))
///     group    = "~" | "s" text(show) int(seasons) int(episodes) progress
///                    | "e" text(show) int(season) int(episodes) progress
///     progress = "~" | "p" int(watched) int(in progress)
///     text     = decimal UTF-8 length ":" bytes     int = "-"? digits ";"     bool = "t" | "f"
///     maybe(x) = "~" | x
///
///     let text = TitleBlock.encode(page.items)   // "1;2;8:sp00000113:Little Engine2018;7:Fantasy…"
///     let titles = try TitleBlock.decode(text)
///
/// A block comes from a file the user could edit: it is read within its bounds, and anything
/// out of form is an error that names the byte, never a crash.
package enum TitleBlock {
    /// Why a block could not be read.
    package struct Unreadable: Error, Equatable, CustomStringConvertible {
        /// Where, counted in bytes from the block's start.
        package var offset: Int
        package var problem: String
        package var description: String { "a block of titles, at byte \(offset): \(problem)" }
    }

    // MARK: Writing

    /// `titles` in the form above.
    package static func encode(_ titles: some Collection<Title>) -> String {
        var writer = Writer()
        writer.bytes.reserveCapacity(8 + titles.count * 80)
        writer.bytes.append(contentsOf: [UInt8(ascii: "1"), UInt8(ascii: ";")])
        writer.int(titles.count)
        for title in titles { writer.title(title) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func title(_ title: Title) {
            text(title.id)
            text(title.title)
            int(title.year)
            text(title.genre)
            int(title.duration)
            int(title.introStart)
            int(title.introEnd)
            int(title.creditsStart)
            if let media = title.media {
                bytes.append(UInt8(ascii: "m"))
                text(media.video)
                maybeText(media.subtitles)
                bool(media.knowsDuration)
                bool(media.knowsIntro)
                bool(media.knowsCredits)
                maybeText(media.problem)
            } else {
                bytes.append(UInt8(ascii: "~"))
            }
            // A show: its seasons; a season: its number. Then the episodes and the progress.
            let group: (tag: UInt8, show: String, number: Int, episodes: Int, progress: GroupProgress?)? =
                switch title.group {
                case nil: nil
                case .show(let show, let seasons, let episodes, let progress): (UInt8(ascii: "s"), show, seasons, episodes, progress)
                case .season(let show, let season, let episodes, let progress): (UInt8(ascii: "e"), show, season, episodes, progress)
                }
            guard let group else { return bytes.append(UInt8(ascii: "~")) }
            bytes.append(group.tag)
            text(group.show)
            int(group.number)
            int(group.episodes)
            progress(group.progress)
        }

        mutating func progress(_ progress: GroupProgress?) {
            guard let progress else { return bytes.append(UInt8(ascii: "~")) }
            bytes.append(UInt8(ascii: "p"))
            int(progress.watched)
            int(progress.inProgress)
        }

        mutating func text(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                digits(UInt(utf8.count))
                bytes.append(UInt8(ascii: ":"))
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func maybeText(_ value: String?) {
            guard let value else { return bytes.append(UInt8(ascii: "~")) }
            text(value)
        }

        mutating func int(_ value: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            digits(value.magnitude)
            bytes.append(UInt8(ascii: ";"))
        }

        mutating func bool(_ value: Bool) {
            bytes.append(value ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        }

        mutating func digits(_ value: UInt) {
            var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: UInt.max has 20 digits
            withUnsafeMutableBytes(of: &scratch) { buffer in
                var end = buffer.count
                var rest = value
                repeat {
                    end -= 1
                    buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                bytes.append(contentsOf: buffer[end...])
            }
        }
    }

    // MARK: Reading

    /// The titles of a block in the form above.
    ///
    /// - Throws: `Unreadable` for anything out of form: a version this app does not read, a
    ///   length past the end, a number out of range, bytes left over.
    package static func decode(_ text: String) throws(Unreadable) -> [Title] {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(Unreadable) in try read(bytes) } }.get()
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(Unreadable) -> [Title] {
        var reader = Reader(bytes: bytes)
        guard reader.take(UInt8(ascii: "1")), reader.take(UInt8(ascii: ";")) else {
            throw reader.failure("not a version this app reads")
        }
        let count = try reader.int()
        // Each title takes at least 18 bytes: no count can ask for more room than that.
        guard count >= 0, count <= bytes.count / 18 else { throw reader.failure("\(count) titles cannot fit") }
        var titles: [Title] = []
        titles.reserveCapacity(count)
        for _ in 0 ..< count { titles.append(try reader.title()) }
        guard reader.offset == bytes.count else { throw reader.failure("bytes after the last title") }
        return titles
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        func failure(_ problem: String) -> Unreadable {
            Unreadable(offset: offset, problem: problem)
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        /// The next byte, which must be one of `choices`.
        mutating func tag(_ choices: StaticString) throws(Unreadable) -> UInt8 {
            guard offset < bytes.count else { throw failure("the block ends inside a title") }
            let byte = bytes[offset]
            let allowed = UnsafeBufferPointer(start: choices.utf8Start, count: choices.utf8CodeUnitCount)
            guard allowed.contains(byte) else { throw failure("\(byte) where one of \"\(choices)\" belongs") }
            offset += 1
            return byte
        }

        mutating func title() throws(Unreadable) -> Title {
            let id = try text()
            let name = try text()
            let year = try int()
            let genre = try text()
            let duration = try int()
            let introStart = try int()
            let introEnd = try int()
            let creditsStart = try int()
            var media: TitleMedia?
            if try tag("~m") == UInt8(ascii: "m") {
                let video = try text()
                let subtitles = try maybeText()
                let knowsDuration = try bool()
                let knowsIntro = try bool()
                let knowsCredits = try bool()
                media = TitleMedia(video: video, subtitles: subtitles, knowsDuration: knowsDuration, knowsIntro: knowsIntro,
                                   knowsCredits: knowsCredits, problem: try maybeText())
            }
            var group: TitleGroup?
            switch try tag("~se") {
            case UInt8(ascii: "s"):
                let show = try text()
                let seasons = try int()
                let episodes = try int()
                group = .show(show, seasons: seasons, episodes: episodes, progress: try progress())
            case UInt8(ascii: "e"):
                let show = try text()
                let season = try int()
                let episodes = try int()
                group = .season(show: show, season, episodes: episodes, progress: try progress())
            default:
                break
            }
            return Title(id: id, title: name, year: year, genre: genre, duration: duration, introStart: introStart,
                         introEnd: introEnd, creditsStart: creditsStart, media: media, group: group)
        }

        mutating func progress() throws(Unreadable) -> GroupProgress? {
            guard try tag("~p") == UInt8(ascii: "p") else { return nil }
            let watched = try int()
            return GroupProgress(watched: watched, inProgress: try int())
        }

        mutating func text() throws(Unreadable) -> String {
            let length = try digits(endingWith: UInt8(ascii: ":"))
            guard length <= UInt(bytes.count - offset) else { throw failure("a text of \(length) bytes runs past the end") }
            let start = offset
            offset += Int(length)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< offset]), as: UTF8.self)
        }

        mutating func maybeText() throws(Unreadable) -> String? {
            take(UInt8(ascii: "~")) ? nil : try text()
        }

        mutating func int() throws(Unreadable) -> Int {
            let negative = take(UInt8(ascii: "-"))
            let magnitude = try digits(endingWith: UInt8(ascii: ";"))
            if negative {
                guard magnitude <= UInt(Int.max) + 1 else { throw failure("a number below Int.min") }
                return Int(truncatingIfNeeded: 0 &- magnitude)
            }
            guard magnitude <= UInt(Int.max) else { throw failure("a number above Int.max") }
            return Int(magnitude)
        }

        mutating func bool() throws(Unreadable) -> Bool {
            try tag("tf") == UInt8(ascii: "t")
        }

        /// Decimal digits that make a number within `UInt`, then `end`.
        mutating func digits(endingWith end: UInt8) throws(Unreadable) -> UInt {
            var value: UInt = 0
            var count = 0
            while offset < bytes.count, bytes[offset] != end {
                let digit = bytes[offset] &- UInt8(ascii: "0")
                guard digit < 10 else { throw failure("\(bytes[offset]) where a digit belongs") }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt(digit))
                guard !overflow, !carry else { throw failure("a number too big") }
                value = sum
                count += 1
                offset += 1
            }
            guard count > 0, offset < bytes.count else {
                throw failure(count == 0 ? "a number without digits" : "the block ends inside a number")
            }
            offset += 1
            return value
        }
    }
}
