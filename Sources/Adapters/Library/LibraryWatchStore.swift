import Catalog
import GRDB

/// The library's `watch_state` and `playback_choice` tables as the app's `WatchStore`: the
/// owner's one watch history, read by the app browsing the library and by `spindle serve` for
/// its token's clients. Kept per title key, when the title leaves the library too (a disk
/// mounted again resumes where it was, with the tracks and speed chosen).
///
/// Every mark carries the time it was set (`updated`), and the newest write wins: a mark sent
/// late by a client that was offline never undoes a newer one. A title marked not watched keeps
/// its row (watched 0, position 0, its time), so that the un-mark reaches every client and an
/// older mark cannot come back.
///
///     let store = LibraryWatchStore(database: database)
///     try await store.save(["/media/Film.mkv": WatchMark(position: 600)])
package struct LibraryWatchStore: WatchStore {
    let database: LibraryDatabase

    package init(database: LibraryDatabase) {
        self.database = database
    }

    /// Every title's mark, un-marks included (no position, not watched).
    package func allMarks() async throws -> [String: WatchMark] {
        try await allStates().mapValues { WatchMark(position: $0.position, watched: $0.watched) }
    }

    /// Every title's mark with the time it was set, un-marks included.
    package func allStates() async throws -> [String: WatchState] {
        try await database.read { db in
            var states: [String: WatchState] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT key, watched, position, updated FROM watch_state")) {
                states[row[0]] = WatchState(watched: row[1], position: row[2], updated: row[3])
            }
            return states
        }
    }

    /// Writes these marks, set now.
    package func save(_ marks: [String: WatchMark]) async throws {
        let now = LibraryDatabase.now()
        try await save(states: marks.mapValues { WatchState(watched: $0.watched, position: $0.position, updated: now) })
    }

    /// Writes each mark unless the library has a newer one for its title; a time in the future
    /// (a client's clock ahead) counts as now. Returns how many were written.
    @discardableResult
    package func save(states: [String: WatchState]) async throws -> Int {
        guard !states.isEmpty else { return 0 }
        let now = LibraryDatabase.now()
        return try await database.write { db in
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO watch_state (key, watched, position, updated) VALUES (?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET watched = excluded.watched, position = excluded.position,
                    updated = excluded.updated
                WHERE excluded.updated >= watch_state.updated
                """)
            var written = 0
            for (key, state) in states {
                try upsert.execute(arguments: [key, state.watched, max(0, state.position), min(state.updated, now)])
                written += db.changesCount
            }
            return written
        }
    }

    /// Every episode of the group watched (positions forgotten) or not watched (positions kept),
    /// in one transaction, set now.
    package func mark(_ mark: GroupWatchMark) async throws {
        try await self.mark(mark, at: LibraryDatabase.now())
    }

    /// The same, set at `time` (a client's): an episode with a newer mark keeps it. Returns how
    /// many episodes changed.
    @discardableResult
    package func mark(_ mark: GroupWatchMark, at time: Int64) async throws -> Int {
        let (start, end) = LibraryProvider.episodeRange(of: mark.group.show, season: mark.season)
        let time = min(time, LibraryDatabase.now())
        return try await database.write { db in
            if mark.watched {
                // (The WHERE after the SELECT keeps SQLite from reading ON as a join's.)
                try db.execute(sql: """
                    INSERT INTO watch_state (key, watched, position, updated)
                    SELECT title.key, 1, 0, ? FROM title INDEXED BY title_episodes
                    WHERE title.show IS NOT NULL AND title.sort_key >= ? AND title.sort_key < ?
                    ON CONFLICT (key) DO UPDATE SET watched = 1, position = 0, updated = excluded.updated
                    WHERE excluded.updated >= watch_state.updated AND NOT (watch_state.watched AND watch_state.position = 0)
                    """, arguments: [time, start, end])
            } else {
                try db.execute(sql: """
                    UPDATE watch_state SET watched = 0, updated = ?
                    WHERE watched AND updated <= ? AND key IN (
                        SELECT title.key FROM title INDEXED BY title_episodes
                        WHERE title.show IS NOT NULL AND title.sort_key >= ? AND title.sort_key < ?)
                    """, arguments: [time, time, start, end])
            }
            return db.changesCount
        }
    }

    /// Moves the marks a `spindle serve` kept apart for its token (`account_watch_state`,
    /// under each of `accounts`) into the owner's history, the newer mark of a title winning;
    /// returns how many moved.
    @discardableResult
    package func adopt(accounts: [String]) async throws -> Int {
        try await database.write { db in
            var moved = 0
            for account in accounts {
                try db.execute(sql: """
                    INSERT INTO watch_state (key, watched, position, updated)
                    SELECT key, watched, position, updated FROM account_watch_state WHERE account = ? AND true
                    ON CONFLICT (key) DO UPDATE SET watched = excluded.watched, position = excluded.position,
                        updated = excluded.updated
                    WHERE excluded.updated > watch_state.updated
                    """, arguments: [account])
                moved += db.changesCount
                try db.execute(sql: "DELETE FROM account_watch_state WHERE account = ?", arguments: [account])
            }
            return moved
        }
    }

    package func allPlaybackChoices() async throws -> [String: PlaybackChoice] {
        try await database.read { db in
            var choices: [String: PlaybackChoice] = [:]
            let rows = try Row.fetchAll(db, sql: "SELECT key, audio_track, subtitle_track, subtitle_delay, speed FROM playback_choice")
            for row in rows {
                let subtitles: Int? = row[2]
                choices[row[0]] = PlaybackChoice(
                    audioTrack: row[1], subtitles: subtitles.map { $0 == 0 ? .off : .track($0) }, subtitleDelay: row[3],
                    speed: row[4])
            }
            return choices
        }
    }

    package func save(playbackChoices: [String: PlaybackChoice]) async throws {
        guard !playbackChoices.isEmpty else { return }
        let now = LibraryDatabase.now()
        try await database.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO playback_choice (key, audio_track, subtitle_track, subtitle_delay, speed, updated)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET audio_track = excluded.audio_track, subtitle_track = excluded.subtitle_track,
                    subtitle_delay = excluded.subtitle_delay, speed = excluded.speed, updated = excluded.updated
                """)
            for (id, choice) in playbackChoices {
                let subtitles: Int? = choice.subtitles.map { $0.track ?? 0 }
                try statement.execute(arguments: [id, choice.audioTrack, subtitles, choice.subtitleDelay, choice.speed, now])
            }
        }
    }
}
