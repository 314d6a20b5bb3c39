/// The `words` a title is searched by (`SearchQuery.words`): its name, show and genre, its
/// year, and an episode's codes in the ways people write them, so that a search finds what the
/// row shows: `s01e02`, `s1e2` (and, as prefixes, `s01`, `s1`), `1x02`, `1x2`; an episode
/// without a season, `e02`. Words are prefixes of a search's words, so `harbor s02` finds
/// every episode of the second season of Night Harbor.
///
///     TitleWords.of(name: "Pilot", show: "Night Harbor", genre: "Drama", year: 2019, season: 1, episode: 2)
///     // " pilot night harbor drama 2019 s01e02 s1e2 1x02 1x2 "
enum TitleWords {
    static func of(name: String, show: String?, genre: String?, year: Int?, season: Int?, episode: Int?) -> String {
        var parts: [String?] = [name, show, genre, year.flatMap { $0 > 0 ? String($0) : nil }]
        parts += codes(season: season, episode: episode)
        return SearchQuery.words(parts)
    }

    /// An episode's codes; none for a film.
    static func codes(season: Int?, episode: Int?) -> [String] {
        guard let episode else { return season.map { ["s" + SortKey.padded($0, 2), "s\($0)"] } ?? [] }
        let e2 = SortKey.padded(episode, 2)
        guard let season else { return unique(["e" + e2, "e\(episode)"]) }
        let s2 = SortKey.padded(season, 2)
        return unique(["s\(s2)e\(e2)", "s\(season)e\(episode)", "\(season)x\(e2)", "\(season)x\(episode)"])
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }
    }
}
