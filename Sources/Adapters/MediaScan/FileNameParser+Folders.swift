extension FileNameParser {
    /// `parsed` completed from the folders holding the file, when its name has an episode but
    /// no show:
    ///
    ///     Show Name/Season 1/02 - Title.mkv     show from the grandparent, season from the parent
    ///     Show Name/Season 1/S01E02.mkv         show from the grandparent
    ///     Show Name/E02 - Title.mkv             show from the parent (no season)
    ///
    /// A bare leading number (`02 - Title`) counts only inside a season folder: elsewhere it may
    /// be a film's (`12 Angry Men`).
    static func withFolders(_ parsed: ParsedName, tokens: [Token], folders: ArraySlice<String>) -> ParsedName {
        let parent = folders.last
        let season = parent.flatMap(seasonNumber(ofFolder:))
        let showFolder = season == nil ? parent : folders.dropLast().last
        func show() -> String? {
            guard let showFolder else { return nil }
            let name = parse(showFolder).title
            return name.isEmpty ? nil : name
        }

        if parsed.episode != nil, parsed.show == nil {
            var result = parsed
            result.show = show()
            result.season = result.season ?? season
            return result
        }
        guard parsed.show == nil, parsed.year == nil,
              let leading = leadingEpisode(tokens, bareNumberAllowed: season != nil),
              let show = show() else { return parsed }
        return ParsedName(title: text(tokens[leading.rest...], titleCased: isLowercase(tokens)), show: show, season: season, episode: leading.episode)
    }

    /// An episode number at the start of a name: `02`, `E02`, `Ep 2`, `Episode 2` (the bare
    /// number only when `bareNumberAllowed`), and where the rest of the name begins.
    private static func leadingEpisode(_ tokens: [Token], bareNumberAllowed: Bool) -> (episode: Int, rest: Int)? {
        guard let first = tokens.first?.word?.lowercased() else { return nil }
        func number(_ text: Substring) -> Int? {
            text.count <= 3 && text.allSatisfy(\.isASCIIDigit) ? Int(text) : nil
        }
        if bareNumberAllowed, let episode = number(Substring(first)) { return (episode, 1) }
        for prefix in ["episode", "ep", "e"] where first.hasPrefix(prefix) {
            if let episode = number(first.dropFirst(prefix.count)) { return (episode, 1) }
            if first == prefix, tokens.count > 1, let word = tokens[1].word, let episode = number(Substring(word)) {
                return (episode, 2)
            }
        }
        return nil
    }
}
