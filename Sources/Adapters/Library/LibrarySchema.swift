import GRDB

/// The library's tables, created and upgraded by GRDB's `DatabaseMigrator` (see
/// `docs/library-database.md`). Migrations are named and never edited once released: a change
/// is a new migration.
enum LibrarySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: v1)
        migrator.registerMigration("v2 folders", migrate: v2)
        migrator.registerMigration("v3 natural order, searchable codes and years", migrate: v3)
        migrator.registerMigration("v4 scopes: films, episodes, folders", migrate: v4)
        migrator.registerMigration("v5 orders and filters: year, length, genre", migrate: v5)
        migrator.registerMigration("v6 watch state of a server's clients", migrate: v6)
        migrator.registerMigration("v7 playback choices", migrate: v7)
        migrator.registerMigration("v8 search index without word counts", migrate: v8)
        migrator.registerMigration("v9 indexes built after a bulk load's commit", migrate: v9)
        return migrator
    }

    /// The indexes a catalog's bulk load leaves to build after its commit (`pending_index`,
    /// `LibraryDatabase.buildPendingIndexes`): those of the other orders and the genre filter
    /// (`v5`), each a real sort of every title (2.2–2.8 s of a million lines' import), which
    /// only those views read, and whose queries work without them, scanning instead
    /// (`LibraryProvider+Order`).
    static let deferredIndexes: Set<String> = ["title_by_year", "title_by_length", "title_by_genre"]

    private static func v1(_ db: Database) throws {
        // `line` orders a catalog's titles as in its file; `name` is the film's or the episode's
        // own title; durations are seconds; marks are nil when unknown (left to the media).
        // `words` is what searches look in (`SearchQuery.words`: name, show and genre, folded,
        // one space around each word): FTS5 indexes it, and the order index covers it, so a
        // search matching many titles walks the index testing it (see `LibraryProvider`).
        // The prefix indexes make a prefix of 1 to 3 letters one doclist, read lazily: without
        // them, counting the first 5,000 matches of `"a"*` merges every word starting with `a`
        // (60 ms on a million titles, 0.3 ms with them).
        // `title_rank` gives a search match's place in the order without reading its (wide) row:
        // a search matching few titles looks its matches up there and sorts them.
        try db.execute(sql: """
            CREATE TABLE title (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                source TEXT NOT NULL,
                line INTEGER,
                path TEXT UNIQUE,
                size INTEGER,
                modified INTEGER,
                display TEXT NOT NULL,
                name TEXT NOT NULL,
                show TEXT,
                season INTEGER,
                episode INTEGER,
                year INTEGER,
                genre TEXT,
                duration REAL,
                intro_start INTEGER,
                intro_end INTEGER,
                credits_start INTEGER,
                video TEXT,
                subtitles TEXT,
                has_video INTEGER NOT NULL DEFAULT 1,
                probe_error TEXT,
                sort_key TEXT NOT NULL,
                words TEXT NOT NULL
            );
            CREATE INDEX title_order ON title(sort_key, id, words);
            CREATE INDEX title_rank ON title(id, sort_key);
            CREATE INDEX title_source ON title(source);

            CREATE VIRTUAL TABLE title_search USING fts5(
                words, content = 'title', content_rowid = 'id', tokenize = 'ascii', prefix = '1 2 3'
            );
            CREATE TRIGGER title_search_insert AFTER INSERT ON title BEGIN
                INSERT INTO title_search(rowid, words) VALUES (new.id, new.words);
            END;
            CREATE TRIGGER title_search_delete AFTER DELETE ON title BEGIN
                INSERT INTO title_search(title_search, rowid, words) VALUES ('delete', old.id, old.words);
            END;
            CREATE TRIGGER title_search_update AFTER UPDATE OF words ON title BEGIN
                INSERT INTO title_search(title_search, rowid, words) VALUES ('delete', old.id, old.words);
                INSERT INTO title_search(rowid, words) VALUES (new.id, new.words);
            END;

            CREATE TABLE watch_state (
                key TEXT PRIMARY KEY NOT NULL,
                watched INTEGER NOT NULL DEFAULT 0,
                position INTEGER NOT NULL DEFAULT 0,
                updated INTEGER NOT NULL
            ) WITHOUT ROWID;

            CREATE TABLE imported_catalog (
                path TEXT PRIMARY KEY NOT NULL,
                number INTEGER NOT NULL UNIQUE,
                size INTEGER NOT NULL,
                modified INTEGER NOT NULL,
                lines INTEGER NOT NULL,
                titles INTEGER NOT NULL,
                imported_at INTEGER NOT NULL
            );
            """)
    }

    /// Scanned titles ordered with numbers as numbers (`SortKey.natural`), every title's words
    /// with its year and episode codes (`TitleWords`), and unreadable files named from their
    /// path as the scan now names them ("Broken Film", 2010, not "Broken Film (2010)"). Done in
    /// batches by row id, each row written once.
    private static func v3(_ db: Database) throws {
        let update = try db.makeStatement(sql: """
            UPDATE title SET display = ?, name = ?, show = ?, season = ?, episode = ?, year = ?, sort_key = ?, words = ?
            WHERE id = ?
            """)
        var last: Int64 = 0
        while true {
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, display, name, show, season, episode, year, genre, sort_key, path, probe_error
                FROM title WHERE id > ? ORDER BY id LIMIT 10000
                """, arguments: [last])
            guard let final = rows.last else { return }
            last = final[0]
            for row in rows {
                if let path = row[9] as String?, let problem = row[10] as String? {
                    let scanned = ScannedTitle(unreadableAt: path, problem: problem)
                    try update.execute(arguments: [scanned.display, scanned.name, scanned.show, scanned.season, scanned.episode,
                                                   scanned.year, scanned.sortKey, scanned.words, row[0]])
                    continue
                }
                let (name, show, season, episode, year): (String, String?, Int?, Int?, Int?) = (row[2], row[3], row[4], row[5], row[6])
                let sortKey: String = row[8]
                // Catalogs keep their file's order.
                let natural = sortKey.hasPrefix("0") ? sortKey
                    : show.map { SortKey.episode(show: $0, season: season, episode: episode) } ?? SortKey.film(title: name, year: year)
                let words = TitleWords.of(name: name, show: show, genre: row[7], year: year, season: season, episode: episode)
                try update.execute(arguments: [row[1], name, show, season, episode, year, natural, words, row[0]])
            }
        }
    }

    /// The indexes the list's scopes page by (`LibraryProvider+Scopes`): films and episodes
    /// apart (partial indexes, so a page of films never passes an episode).
    private static func v4(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX title_films ON title(sort_key, id) WHERE show IS NULL;
            CREATE INDEX title_episodes ON title(sort_key, id, show, season, year) WHERE show IS NOT NULL;
            """)
    }

    /// The indexes the views' other orders and the genre filter page by (`LibraryProvider+Order`):
    /// their expressions are the ones the queries order by, so a page is a range of an index.
    private static func v5(_ db: Database) throws {
        try db.execute(sql: """
            CREATE INDEX title_by_year ON title(-coalesce(year, 0), sort_key, id);
            CREATE INDEX title_by_length ON title(coalesce(duration, 1e18), sort_key, id);
            CREATE INDEX title_by_genre ON title(genre COLLATE NOCASE, sort_key, id);
            """)
    }

    /// Marks kept apart per account (a hash of a server's token, never the token), by title key
    /// as `watch_state` is. A server serves the owner's `watch_state` to its token's clients and
    /// moves what this table holds into it at its start (`LibraryWatchStore.adopt(accounts:)`).
    private static func v6(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account_watch_state (
                account TEXT NOT NULL,
                key TEXT NOT NULL,
                watched INTEGER NOT NULL DEFAULT 0,
                position INTEGER NOT NULL DEFAULT 0,
                updated INTEGER NOT NULL,
                PRIMARY KEY (account, key)
            ) WITHOUT ROWID;
            """)
    }

    /// How the user chose to play each title (`PlaybackChoice`), by the same key as
    /// `watch_state` and kept like it when the title leaves the library. A table of its own:
    /// a `watch_state` row means "watched or in progress" (the home view reads it so), a choice
    /// does not. `audio_track`: NULL for the media's default; `subtitle_track`: NULL for the
    /// media's default, 0 for none, else mpv's `sid`; the delay in milliseconds, the speed in percent.
    private static func v7(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE playback_choice (
                key TEXT PRIMARY KEY NOT NULL,
                audio_track INTEGER,
                subtitle_track INTEGER,
                subtitle_delay INTEGER NOT NULL DEFAULT 0,
                speed INTEGER NOT NULL DEFAULT 100,
                updated INTEGER NOT NULL
            ) WITHOUT ROWID;
            """)
    }

    /// The search index keeps no count of each title's words (`columnsize = 0`), which only a
    /// rank by relevance reads: a search asks which titles hold a prefix of each of its words and
    /// orders them by the list's order. A million generated titles are indexed in 4.4 s instead
    /// of 5.4 (the sqlite3 shell, the same rows), searched as fast, in 10 MB less. (Without the
    /// positions too, `detail = none`, the index takes 2.6 s, but a prefix longer than the prefix
    /// indexes is 2 to 3 times slower to search: `"amelie"*` 5 ms instead of 2.) Made again from
    /// the titles' `words` in one pass.
    private static func v8(_ db: Database) throws {
        try db.execute(sql: """
            DROP TABLE title_search;
            CREATE VIRTUAL TABLE title_search USING fts5(
                words, content = 'title', content_rowid = 'id', tokenize = 'ascii', prefix = '1 2 3', columnsize = 0
            );
            INSERT INTO title_search(title_search) VALUES ('rebuild');
            """)
    }

    /// The indexes a bulk load dropped and left to build after its commit (`deferredIndexes`),
    /// each with the statement that makes it: a process ended before it built them leaves them
    /// here for the next one.
    private static func v9(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE pending_index (
                name TEXT PRIMARY KEY NOT NULL,
                sql TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }

    /// The folders the library scans (given once, scanned again at every start and `R`).
    private static func v2(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE folder (
                path TEXT PRIMARY KEY NOT NULL,
                added INTEGER NOT NULL
            ) WITHOUT ROWID;
            """)
    }
}
