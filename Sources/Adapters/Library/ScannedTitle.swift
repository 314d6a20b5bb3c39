import Catalog
import GRDB
import MediaScan

/// The row of a scanned file in the `title` table: what is shown and searched, and how it sorts.
///
/// A film shows its title; an episode shows `Show S01E02 · Episode title` (without the part
/// after `·` when the episode has no title of its own, and `E02` alone without a season). A file
/// that could not be probed shows what its name tells (`FileNameParser`: "Broken Film" of 2010,
/// an episode of its show), with the genre `unreadable` (so searching for "unreadable" lists
/// them all) and its error in `probe_error`.
struct ScannedTitle {
    static let unreadableGenre = "unreadable"

    var display: String
    var name: String
    var show: String?
    var season: Int?
    var episode: Int?
    var year: Int?
    var genre: String?
    var duration: Double?
    var marks: ChapterMarks?
    var subtitles: String?
    var hasVideo: Bool
    var problem: String?
    var sortKey: String

    init(_ probed: ProbedFile) {
        switch probed.facts {
        case .success(let facts):
            self.init(facts, path: probed.file.path)
        case .failure(let error):
            self.init(unreadableAt: probed.file.path, problem: error.message)
        }
    }

    /// The row of a file ffprobe could not read: named from its path.
    init(unreadableAt path: String, problem: String) {
        let parsed = FileNameParser.parse(path: path)
        self.init(MediaFacts(title: parsed.title, show: parsed.show, season: parsed.season, episode: parsed.episode,
                             year: parsed.year, genre: Self.unreadableGenre), path: path)
        self.problem = problem
    }

    /// What `words` holds for this row.
    var words: String {
        TitleWords.of(name: name, show: show, genre: genre, year: year, season: season, episode: episode)
    }

    private init(_ facts: MediaFacts, path: String) {
        let name = facts.title.allSatisfy(\.isWhitespace) && facts.show == nil ? Self.fileName(path) : facts.title
        let display: String
        let sortKey: String
        if let show = facts.show {
            var numbering = ""
            if let season = facts.season { numbering += "S" + SortKey.padded(season, 2) }
            if let episode = facts.episode { numbering += "E" + SortKey.padded(episode, 2) }
            display = [show, numbering].filter { !$0.isEmpty }.joined(separator: " ")
                + (name.allSatisfy(\.isWhitespace) ? "" : " · " + name)
            sortKey = SortKey.episode(show: show, season: facts.season, episode: facts.episode)
        } else {
            display = name
            sortKey = SortKey.film(title: name, year: facts.year)
        }
        self.init(
            display: display, name: name, show: facts.show, season: facts.season, episode: facts.episode,
            year: facts.year, genre: facts.genre, duration: facts.duration,
            marks: facts.duration.map { ChapterMarks(chapters: facts.chapters, duration: Int($0.rounded())) },
            subtitles: facts.subtitles, hasVideo: facts.hasVideo, problem: nil, sortKey: sortKey)
    }

    private init(
        display: String, name: String, show: String? = nil, season: Int? = nil, episode: Int? = nil,
        year: Int? = nil, genre: String? = nil, duration: Double? = nil, marks: ChapterMarks? = nil,
        subtitles: String? = nil, hasVideo: Bool, problem: String?, sortKey: String
    ) {
        self.display = display
        self.name = name
        self.show = show
        self.season = season
        self.episode = episode
        self.year = year
        self.genre = genre
        self.duration = duration
        self.marks = marks
        self.subtitles = subtitles
        self.hasVideo = hasVideo
        self.problem = problem
        self.sortKey = sortKey
    }

    /// The file's name without its folder and extension.
    static func fileName(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    static let upsertSQL = """
        INSERT INTO title (key, source, path, size, modified, display, name, show, season, episode, year,
            genre, duration, intro_start, intro_end, credits_start, video, subtitles, has_video, probe_error, sort_key, words)
        VALUES (?1, ?2, ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?1, ?16, ?17, ?18, ?19, ?20)
        ON CONFLICT (path) DO UPDATE SET
            key = excluded.key, source = excluded.source, size = excluded.size, modified = excluded.modified,
            display = excluded.display, name = excluded.name, show = excluded.show, season = excluded.season,
            episode = excluded.episode, year = excluded.year, genre = excluded.genre, duration = excluded.duration,
            intro_start = excluded.intro_start, intro_end = excluded.intro_end,
            credits_start = excluded.credits_start, video = excluded.video, subtitles = excluded.subtitles,
            has_video = excluded.has_video, probe_error = excluded.probe_error, sort_key = excluded.sort_key,
            words = excluded.words
        """

    /// The arguments of `upsertSQL` for `file` found under `root`.
    func arguments(file: MediaFile, root: String) -> StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            file.path, root, file.size, file.modified, display, name, show, season, episode, year, genre,
            duration, marks?.intro?.lowerBound, marks?.intro?.upperBound, marks?.creditsStart,
            subtitles, hasVideo, problem, sortKey, words,
        ]
        return StatementArguments(values)
    }
}
