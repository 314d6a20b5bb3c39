import Catalog
import GRDB

/// The library's `watch_state` and `playback_choice` tables as the app's `WatchStore`: kept
/// per title id, when the title leaves the library too (a disk mounted again resumes where it
/// was, with the tracks and speed chosen).
///
///     let store = LibraryWatchStore(database: database)
///     try await store.save(["/media/Film.mkv": WatchMark(position: 600)])
package struct LibraryWatchStore: WatchStore {
    let database: LibraryDatabase

    package init(database: LibraryDatabase) {
        self.database = database
    }

    package func allMarks() async throws -> [String: WatchMark] {
        try await database.read { db in
            var marks: [String: WatchMark] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, position, watched FROM watch_state WHERE position > 0 OR watched") {
                marks[row[0]] = WatchMark(position: row[1], watched: row[2])
            }
            return marks
        }
    }

    package func save(_ marks: [String: WatchMark]) async throws {
        guard !marks.isEmpty else { return }
        let now = LibraryDatabase.now()
        try await database.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO watch_state (key, watched, position, updated) VALUES (?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET watched = excluded.watched, position = excluded.position,
                    updated = excluded.updated
                """)
            for (id, mark) in marks {
                try statement.execute(arguments: [id, mark.watched, mark.position, now])
            }
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
