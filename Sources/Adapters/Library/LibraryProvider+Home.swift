import Catalog
import GRDB
import TextFormat

/// The Home view (`ListScope.home`), one page, from the owner's watch history (`watch_state`):
///
/// - continue watching ("◐ continue"): titles left part way, the last touched first;
/// - next up ("▶ next up"): per show touched, the last one first, the first unfinished episode
///   from the one touched last: that one when it was left part way, else the first after it
///   not watched (an episode in progress is resumed before anything newer);
/// - new ("new"): titles added last and not watched, newest first, the files of one scan by
///   their modification times; a show's new episodes make one row ("Night Shift · 3 new",
///   Enter opens the show). Unreadable files are left out.
///
/// Each title shows once, in the first part that has it; its tag is in the genre column.
extension LibraryProvider {
    /// How many rows each part of Home holds at most, and how many of the titles added last
    /// are looked at for the new ones.
    static let homeLimits = (continuing: 20, nextUp: 20, recent: 30, recentlyAdded: 500)

    func homePage(in db: Database) throws -> Page {
        var rows = HomeRows()
        try rows.addWatchedParts(in: db, below: nil)
        try rows.addNew(in: db)
        return Page(items: rows.items, next: nil)
    }

    /// The Home of a folder (`spindle DIR`): its titles left part way and its shows' next
    /// episodes first, then all its titles in order, paged (`folderPage`).
    func folderHomeTop(below folder: String, in db: Database) throws -> [Title] {
        var rows = HomeRows()
        try rows.addWatchedParts(in: db, below: folder)
        return rows.items
    }

    /// The rows of Home, each title once, each with its part's tag in the genre column.
    struct HomeRows {
        var seen: Set<String> = []
        var items: [Title] = []

        mutating func add(_ rows: [Row], tag: String) {
            for row in rows { add(TitleRow.title(from: row), tag: tag) }
        }

        mutating func add(_ title: Title, tag: String) {
            guard seen.insert(title.id).inserted else { return }
            var title = title
            title.genre = tag
            items.append(title)
        }

        /// Continue watching and next up, of the whole library or of the titles below `folder`.
        mutating func addWatchedParts(in db: Database, below folder: String?) throws {
            let (start, end) = folder.map(LibraryProvider.pathRange(below:)) ?? ("", "")
            let inFolder = folder == nil ? "" : " AND title.path >= ? AND title.path < ?"
            let range: StatementArguments = folder == nil ? [] : [start, end]
            // Continue watching: left part way, the last touched first. (CROSS JOIN: from the
            // watch state, which is small, to its titles; never a walk of the library.)
            add(try Row.fetchAll(db.cachedStatement(sql: """
                SELECT \(TitleRow.columns) FROM watch_state CROSS JOIN title ON title.key = watch_state.key
                WHERE watch_state.position > 0 AND NOT watch_state.watched\(inFolder)
                ORDER BY watch_state.updated DESC LIMIT ?
                """), arguments: range + [LibraryProvider.homeLimits.continuing]), tag: "◐ continue")
            // Next up: each show touched (an episode watched or started), with its episode
            // touched last (the latest time, then the latest in the show's order: a whole
            // season marked at once ends at its last episode).
            let shows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT title.show, max(printf('%020d', watch_state.updated) || title.sort_key) AS last
                FROM watch_state CROSS JOIN title ON title.key = watch_state.key
                WHERE title.show IS NOT NULL AND (watch_state.watched OR watch_state.position > 0)\(inFolder)
                GROUP BY title.show ORDER BY last DESC LIMIT ?
                """), arguments: range + [LibraryProvider.homeLimits.nextUp])
            // From the episode touched last: the first not watched (itself, when it was left
            // part way).
            let next = try db.cachedStatement(sql: """
                SELECT \(TitleRow.columns) FROM title INDEXED BY title_episodes
                LEFT JOIN watch_state ON watch_state.key = title.key
                WHERE title.show IS NOT NULL AND title.sort_key >= ? AND title.sort_key < ?
                    AND coalesce(watch_state.watched, 0) = 0\(inFolder)
                ORDER BY title.sort_key, title.id LIMIT 1
                """)
            for show in shows {
                let name: String = show[0]
                let last: String = show[1]
                let lastKey = String(last.dropFirst(20))
                add(try Row.fetchAll(next, arguments: [lastKey, LibraryProvider.episodeRange(of: name, season: nil).end] + range),
                    tag: "▶ next up")
            }
        }

        /// New: the titles added last (the newest rows) that were not watched and can be read,
        /// newest first; a show's episodes gathered in one row.
        mutating func addNew(in db: Database) throws {
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT \(TitleRow.columns), title.show, coalesce(title.modified, 0) AS modified
                FROM (SELECT id FROM title ORDER BY id DESC LIMIT ?) AS newest CROSS JOIN title ON title.id = newest.id
                LEFT JOIN watch_state ON watch_state.key = title.key
                WHERE title.probe_error IS NULL AND coalesce(watch_state.watched, 0) = 0
                ORDER BY modified DESC, title.id DESC
                """), arguments: [LibraryProvider.homeLimits.recentlyAdded])
            // One entry per film, one per show (at its newest episode), in that order.
            var order: [(show: String?, row: Row)] = []
            var newEpisodes: [String: Int] = [:]
            for row in rows {
                let show: String? = row[TitleRow.columnCount]
                if let show {
                    newEpisodes[show, default: 0] += 1
                    if newEpisodes[show] == 1 { order.append((show, row)) }
                } else {
                    order.append((nil, row))
                }
            }
            let counts = try db.cachedStatement(sql: LibraryProvider.showCountsSQL)
            var added = 0
            for entry in order where added < LibraryProvider.homeLimits.recent {
                let before = items.count
                if let show = entry.show, let count = newEpisodes[show], count > 1 {
                    let range = LibraryProvider.episodeRange(of: show, season: nil)
                    let totals = try Row.fetchOne(counts, arguments: [range.start, range.end])
                    let episodes: Int = totals?[0] ?? count
                    let progress = try LibraryProvider.progress(ofShows: [(range, episodes)], in: db).first
                    let group = TitleGroup.show(show, seasons: totals?[1] ?? 1, episodes: episodes, progress: progress)
                    let year: Int? = totals?[2]
                    add(Title(id: "show\u{1}" + show, title: "\(show) · \(CountText.grouped(count)) new", year: year ?? 0, genre: "",
                              duration: 0, introStart: 0, introEnd: 0, creditsStart: 0, group: group), tag: "new")
                } else {
                    add(TitleRow.title(from: entry.row), tag: "new")
                }
                if items.count > before { added += 1 }
            }
        }
    }
}
