/// Reads what a media file's name tells: a show's episode or a film with its year. Pure: no file
/// system, no ffprobe; `FFProbe` merges it with the file's embedded tags, which win.
///
///     FileNameParser.parse("Show Name - S01E02 - Title")
///     // title "Title", show "Show Name", season 1, episode 2
///     FileNameParser.parse("Film.Title.1999.1080p.BluRay.x264")
///     // title "Film Title", year 1999
///     FileNameParser.parse(path: "/media/Show Name/Season 1/02 - Title.mkv")
///     // title "Title", show "Show Name", season 1, episode 2 (from the folders)
///
/// Dots and underscores are read as spaces, release junk (resolution, source, codec, group,
/// bracketed hashes) is dropped, a multi-episode file (`S01E02E03`) is its first episode, and a
/// year in brackets beats a year-like title (`2001 A Space Odyssey (1968)`).
package enum FileNameParser {
    /// Reads a file name, with or without its extension (a media or subtitles extension is
    /// dropped; any other dot stays part of the name).
    package static func parse(_ name: String) -> ParsedName {
        parse(tokens: tokens(of: stem(name)))
    }

    /// Reads the last component of `path`, and when it holds an episode number but no show
    /// (`02 - Title.mkv`, `S01E02.mkv`), takes the show and season from its folders
    /// (`Show Name/Season 1/`).
    package static func parse(path: String) -> ParsedName {
        let components = path.split(separator: "/").map(String.init)
        guard let fileName = components.last else { return ParsedName(title: "") }
        let tokens = tokens(of: stem(fileName))
        return withFolders(parse(tokens: tokens), tokens: tokens, folders: components.dropLast())
    }

    /// `name` without a media or subtitles extension.
    static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        guard MediaFolderWalker.mediaExtensions.contains(fileExtension)
            || ["srt", "vtt", "ass", "ssa", "sub"].contains(fileExtension) else { return name }
        return String(name[..<dot])
    }

    static func parse(tokens all: [Token]) -> ParsedName {
        // Release junk ends the name (a junk first word is kept: it is all there is).
        let tokens = all.indices.dropFirst().first { all[$0].word.map(isJunk) == true }
            .map { Array(all[..<$0]) } ?? all
        let lowercase = isLowercase(all)
        func text(_ tokens: some Collection<Token>) -> String { Self.text(tokens, titleCased: lowercase) }

        if let index = tokens.firstIndex(where: { $0.word.flatMap(episodeMarker) != nil }),
           let marker = tokens[index].word.flatMap(episodeMarker) {
            var (show, year) = withoutYear(Array(tokens[..<index]))
            if show.isEmpty { year = nil }
            return ParsedName(
                title: text(tokens[(index + 1)...]), show: show.isEmpty ? nil : text(show),
                season: marker.season, episode: marker.episode, year: year)
        }
        // `Show Name - 02` (as anime is often named): a number after a dash, with a show before.
        if let index = tokens.indices.first(where: { index in
            index >= 2 && tokens[index - 1] == .dash
                && tokens[index].word.map { $0.count <= 3 && $0.allSatisfy(\.isASCIIDigit) } == true
        }), let episode = tokens[index].word.flatMap({ Int($0) }) {
            let (show, year) = withoutYear(Array(tokens[..<index]))
            return ParsedName(title: text(tokens[(index + 1)...]), show: text(show), episode: episode, year: year)
        }
        let (title, year, _) = filmTitle(tokens)
        return ParsedName(title: text(title), year: year)
    }

    /// A film's title and year: the last bracketed year wins, else the last year-like word that
    /// is not the first; what comes after the year is dropped.
    private static func filmTitle(_ tokens: [Token]) -> (title: [Token], year: Int?, found: Bool) {
        if let index = tokens.lastIndex(where: { if case .bracketedYear = $0 { true } else { false } }),
           case .bracketedYear(let year) = tokens[index] {
            let before = Array(tokens[..<index])
            let title = before.contains { $0 != .dash } ? before : Array(tokens[(index + 1)...])
            return (title.isEmpty ? [.word(String(year))] : title, year, true)
        }
        if let index = tokens.indices.dropFirst().last(where: { tokens[$0].word.flatMap(asYear) != nil }),
           tokens[..<index].contains(where: { $0 != .dash }) {
            return (Array(tokens[..<index]), tokens[index].word.flatMap(asYear), true)
        }
        return (tokens, nil, false)
    }

    /// A show's tokens without a year at their end (`Doctor Who (2005)`, `Doctor.Who.2005`).
    private static func withoutYear(_ tokens: [Token]) -> (tokens: [Token], year: Int?) {
        var tokens = tokens
        while tokens.last == .dash { tokens.removeLast() }
        guard tokens.count >= 2, let last = tokens.last else { return (tokens, nil) }
        switch last {
        case .bracketedYear(let year): return (tokens.dropLast(), year)
        case .word(let word):
            if let year = asYear(word) { return (tokens.dropLast(), year) }
        case .dash: break
        }
        return (tokens, nil)
    }
}
