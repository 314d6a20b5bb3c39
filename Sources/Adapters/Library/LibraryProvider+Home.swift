import Catalog
import GRDB

/// The Home view (`ListScope.home`), one page: the titles left part way (continue watching,
/// the last played first), the next unwatched episode of each show in progress (next up), and
/// the titles added last (recently added). Each row's genre column says which ("◐ continue",
/// "▶ next up", "new"). What was watched is the library's `watch_state`.
extension LibraryProvider {
    /// How many rows each part of Home holds at most.
    static let homeLimits = (continuing: 20, nextUp: 20, recent: 30)

    func homePage(in db: Database) throws -> Page {
        var rows = HomeRows()
        try rows.addWatchedParts(in: db, below: nil)
        // Recently added: the newest rows of the library.
        rows.add(try Row.fetchAll(db.cachedStatement(sql: """
            SELECT \(TitleRow.columns) FROM title ORDER BY title.id DESC LIMIT ?
            """), arguments: [Self.homeLimits.recent]), tag: "new")
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
            for row in rows {
                var title = TitleRow.title(from: row)
                guard seen.insert(title.id).inserted else { continue }
                title.genre = tag
                items.append(title)
            }
        }

        /// Continue watching and next up, of the whole library or of the titles below `folder`.
        mutating func addWatchedParts(in db: Database, below folder: String?) throws {
            let (start, end) = folder.map(LibraryProvider.pathRange(below:)) ?? ("", "")
            let inFolder = folder == nil ? "" : " AND title.path >= ? AND title.path < ?"
            let range: StatementArguments = folder == nil ? [] : [start, end]
            // Continue watching: left part way, the last played first.
            add(try Row.fetchAll(db.cachedStatement(sql: """
                SELECT \(TitleRow.columns) FROM watch_state CROSS JOIN title ON title.key = watch_state.key
                WHERE watch_state.position > 0 AND NOT watch_state.watched\(inFolder)
                ORDER BY watch_state.updated DESC LIMIT ?
                """), arguments: range + [LibraryProvider.homeLimits.continuing]), tag: "◐ continue")
            // (CROSS JOIN: from the watch state, which is small, to its titles; never a walk of
            // every episode of the library.)
            // Next up: for each show with an episode watched or started, the first episode after
            // the last one played that is not watched, the shows played last first.
            let shows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT title.show, max(title.sort_key), max(watch_state.updated) AS played
                FROM watch_state CROSS JOIN title ON title.key = watch_state.key
                WHERE title.show IS NOT NULL AND (watch_state.watched OR watch_state.position > 0)\(inFolder)
                GROUP BY title.show ORDER BY played DESC LIMIT ?
                """), arguments: range + [LibraryProvider.homeLimits.nextUp])
            let next = try db.cachedStatement(sql: """
                SELECT \(TitleRow.columns) FROM title INDEXED BY title_episodes
                LEFT JOIN watch_state ON watch_state.key = title.key
                WHERE title.show IS NOT NULL AND title.sort_key > ? AND title.sort_key < ?
                    AND coalesce(watch_state.watched, 0) = 0\(inFolder)
                ORDER BY title.sort_key, title.id LIMIT 1
                """)
            for show in shows {
                let name: String = show[0]
                let last: String = show[1]
                add(try Row.fetchAll(next, arguments: [last, String(LibraryProvider.showPrefix(name).dropLast()) + "\u{2}"] + range),
                    tag: "▶ next up")
            }
        }
    }
}
