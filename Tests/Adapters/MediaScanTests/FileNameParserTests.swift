import MediaScan
import Testing

@Suite("Reading file names")
struct FileNameParserTests {
    static let names: [(String, ParsedName)] = [
        ("Show Name S01E02 Episode Title.mkv", ParsedName(title: "Episode Title", show: "Show Name", season: 1, episode: 2)),
        ("Show.Name.S01E02.Episode.Title.1080p.WEB-DL.x264-GRP.mkv",
         ParsedName(title: "Episode Title", show: "Show Name", season: 1, episode: 2)),
        ("Show.Name.1x02.mkv", ParsedName(title: "", show: "Show Name", season: 1, episode: 2)),
        ("show_name_s1e2", ParsedName(title: "", show: "Show Name", season: 1, episode: 2)),
        ("Show Name - S01E02 - Title", ParsedName(title: "Title", show: "Show Name", season: 1, episode: 2)),
        ("Film Title (1999).mkv", ParsedName(title: "Film Title", year: 1999)),
        ("Film.Title.1999.1080p.BluRay.x264.mkv", ParsedName(title: "Film Title", year: 1999)),
        ("Film Title [1999]", ParsedName(title: "Film Title", year: 1999)),
        ("Some Film.mkv", ParsedName(title: "Some Film")),
        ("Some_Film_Name", ParsedName(title: "Some Film Name")),
        ("2001 A Space Odyssey (1968)", ParsedName(title: "2001 A Space Odyssey", year: 1968)),
        ("2001.A.Space.Odyssey.1968.1080p.BluRay", ParsedName(title: "2001 A Space Odyssey", year: 1968)),
        ("Show Name S01E02E03 Double Bill", ParsedName(title: "Double Bill", show: "Show Name", season: 1, episode: 2)),
        ("Show.Name.S01E02-E03.720p.HDTV", ParsedName(title: "", show: "Show Name", season: 1, episode: 2)),
        ("Film Title (1999) [ABCD1234].mkv", ParsedName(title: "Film Title", year: 1999)),
        ("[Group] Show Name - 02 [1080p][ABCD1234].mkv", ParsedName(title: "", show: "Show Name", episode: 2)),
        ("Film Title (2010) (1080p BluRay x265)", ParsedName(title: "Film Title", year: 2010)),
        ("The Office (US) S02E01 The Dundies", ParsedName(title: "The Dundies", show: "The Office (US)", season: 2, episode: 1)),
        ("Doctor.Who.2005.S01E01.Rose.DVDRip.XviD", ParsedName(title: "Rose", show: "Doctor Who", season: 1, episode: 1, year: 2005)),
        ("Mr. Robot S01E01 eps1.0", ParsedName(title: "eps1.0", show: "Mr. Robot", season: 1, episode: 1)),
        ("Blade Runner 2049 (2017)", ParsedName(title: "Blade Runner 2049", year: 2017)),
        ("Blade Runner 2049", ParsedName(title: "Blade Runner 2049")),
        ("1917 (2019)", ParsedName(title: "1917", year: 2019)),
        ("1917", ParsedName(title: "1917")),
        ("Apollo 13", ParsedName(title: "Apollo 13")),
        ("Film.Title.2003.PROPER.REPACK.DVDRip", ParsedName(title: "Film Title", year: 2003)),
        ("Show Name s03e10", ParsedName(title: "", show: "Show Name", season: 3, episode: 10)),
        ("Show Name 12x105 Long Run", ParsedName(title: "Long Run", show: "Show Name", season: 12, episode: 105)),
        ("Film Title 1920x1080", ParsedName(title: "Film Title 1920x1080")),
        ("Some.Film.mp4", ParsedName(title: "Some Film")),
        ("Some.Song.FLAC", ParsedName(title: "Some Song")),
        ("the_lowercase_film_(2004)", ParsedName(title: "The Lowercase Film", year: 2004)),
    ]

    @Test(arguments: names)
    func readsAName(name: String, expected: ParsedName) {
        #expect(FileNameParser.parse(name) == expected)
    }

    static let paths: [(String, ParsedName)] = [
        ("/media/Show Name/Season 1/02 - Title.mkv", ParsedName(title: "Title", show: "Show Name", season: 1, episode: 2)),
        ("/media/Show Name (2005)/Season 02/05.mkv", ParsedName(title: "", show: "Show Name", season: 2, episode: 5)),
        ("/media/Show Name/S03/E04 Title.mkv", ParsedName(title: "Title", show: "Show Name", season: 3, episode: 4)),
        ("/media/Show Name/Season 1/S01E02.mkv", ParsedName(title: "", show: "Show Name", season: 1, episode: 2)),
        ("/media/Show Name/Episode 7 - Title.mkv", ParsedName(title: "Title", show: "Show Name", episode: 7)),
        ("/media/Show Name/Specials/01 - Extra.mkv", ParsedName(title: "Extra", show: "Show Name", season: 0, episode: 1)),
        ("/media/Films/12 Angry Men (1957).mkv", ParsedName(title: "12 Angry Men", year: 1957)),
        ("/media/Music/Album/01 - Song.flac", ParsedName(title: "01 - Song")),
        ("/media/Other/Season 1/Show Name S01E02.mkv", ParsedName(title: "", show: "Show Name", season: 1, episode: 2)),
    ]

    @Test(arguments: paths)
    func readsAPathWithItsFolders(path: String, expected: ParsedName) {
        #expect(FileNameParser.parse(path: path) == expected)
    }
}
