#if canImport(Glibc)
import Glibc
#endif

extension FileNameParser {
    /// Release junk: a name is cut at the first of these words (past its first word), with what
    /// follows it (`1080p.WEB-DL.x264-GRP`). Compared lowercased, also before a `-` (`x264-GRP`).
    static let junkWords: Set<String> = [
        "480p", "576p", "720p", "1080p", "1080i", "2160p", "4320p", "4k", "uhd", "fhd",
        "bluray", "blu-ray", "bdrip", "brrip", "bdremux", "remux", "web-dl", "webdl", "webrip", "web-rip",
        "hdtv", "pdtv", "dvdrip", "dvdscr", "dvd", "hdrip", "amzn", "nf", "dsnp", "hmax", "atvp",
        "x264", "x265", "h264", "h265", "h.264", "h.265", "hevc", "avc", "xvid", "divx", "av1", "vp9",
        "10bit", "8bit", "hdr", "hdr10", "sdr", "aac", "aac2", "ac3", "eac3", "dts", "dd5", "ddp5",
        "truehd", "atmos", "proper", "repack", "internal", "subbed", "dubbed",
    ]

    /// The first year a film could have: none before the cinema.
    static let firstYear = 1888

    /// The last year a name is taken to hold: next year's (a later number, as in `Blade Runner
    /// 2049`, is a word of the title).
    static let lastYear: Int = {
        // 1970 plus the whole years since: close enough for a bound (a day off at most).
        1970 + Int(time(nil)) / 31_556_952 + 1
    }()

    static func asYear(_ text: some StringProtocol) -> Int? {
        guard text.count == 4, text.allSatisfy(\.isASCIIDigit), let year = Int(text),
              (firstYear ... lastYear).contains(year) else { return nil }
        return year
    }

    static func isJunk(_ word: String) -> Bool {
        let lowered = word.lowercased()
        if junkWords.contains(lowered) { return true }
        if let dash = lowered.firstIndex(of: "-"), junkWords.contains(String(lowered[..<dash])) { return true }
        return false
    }

    /// Where a word marks an episode, its season (when it gives one) and episode number:
    /// `S01E02`, `s1e2`, `S01E02E03` and `S01E02-E03` (the first episode), `1x02`.
    static func episodeMarker(_ word: String) -> (season: Int, episode: Int)? {
        let characters = Array(word.lowercased())
        var position = 0
        func number(maximumDigits: Int) -> Int? {
            let start = position
            while position < characters.count, characters[position].isASCIIDigit,
                  position - start < maximumDigits { position += 1 }
            return position > start ? Int(String(characters[start ..< position])) : nil
        }
        func restIsMoreEpisodes() -> Bool {
            position == characters.count || "-ex".contains(characters[position])
                && (position + 1 < characters.count)
        }
        if characters.first == "s" {
            position = 1
            guard let season = number(maximumDigits: 4), position < characters.count,
                  characters[position] == "e" else { return nil }
            position += 1
            guard let episode = number(maximumDigits: 4), restIsMoreEpisodes() else { return nil }
            return (season, episode)
        }
        guard let season = number(maximumDigits: 2), position < characters.count,
              characters[position] == "x" else { return nil }
        position += 1
        let start = position
        guard let episode = number(maximumDigits: 3), position - start >= 2, restIsMoreEpisodes() else {
            return nil
        }
        return (season, episode)
    }

    /// A season folder's number: `Season 1`, `season_02`, `Series 3`, `S01`; `Specials` is 0.
    static func seasonNumber(ofFolder name: String) -> Int? {
        let words = name.replacing("_", with: " ").replacing(".", with: " ").lowercased()
            .split(whereSeparator: \.isWhitespace)
        if words == ["specials"] || words == ["special"] { return 0 }
        if words.count == 2, words[0] == "season" || words[0] == "series",
           words[1].allSatisfy(\.isASCIIDigit), words[1].count <= 3 {
            return Int(words[1])
        }
        if words.count == 1, words[0].first == "s", words[0].count <= 4,
           words[0].dropFirst().allSatisfy(\.isASCIIDigit), words[0].count > 1 {
            return Int(words[0].dropFirst())
        }
        return nil
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
