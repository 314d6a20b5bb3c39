import Catalog
import Foundation
import GRDB
@testable import Library
import Testing
import TestSupport

/// The tracks, subtitle delay and speed chosen per title, kept in a real SQLite file.
@Suite("Playback choices in the library")
struct PlaybackChoiceTests {
    @Test("saved, read back by another connection to the file, and overwritten; watch marks are left alone")
    func roundTrip() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let store = LibraryWatchStore(database: database)
        try await store.save(["/films/A.mkv": WatchMark(position: 600)])
        let choices: [String: PlaybackChoice] = [
            "/films/A.mkv": PlaybackChoice(audioTrack: 2, subtitles: .track(1), subtitleDelay: -300, speed: 150),
            "/films/B.mkv": PlaybackChoice(subtitles: .off),
            "/films/C.mkv": PlaybackChoice(speed: 50),
        ]
        try await store.save(playbackChoices: choices)
        try database.close()

        let again = LibraryWatchStore(database: try folder.openLibrary())
        #expect(try await again.allPlaybackChoices() == choices)
        #expect(try await again.allMarks() == ["/films/A.mkv": WatchMark(position: 600)], "a choice is not a watch mark")
        try await again.save(playbackChoices: ["/films/B.mkv": PlaybackChoice(audioTrack: 1, subtitles: .track(2))])
        #expect(try await again.allPlaybackChoices()["/films/B.mkv"] == PlaybackChoice(audioTrack: 1, subtitles: .track(2)))
        #expect(try await again.allPlaybackChoices().count == 3)
    }

    @Test("a library made before v5 gets the table when opened, with its watch state kept")
    func migratingAnOlderLibrary() async throws {
        let folder = try TempFolder()
        let queue = try DatabaseQueue(path: folder.databasePath)
        try LibrarySchema.migrator.migrate(queue, upTo: "v4 scopes: films, episodes, folders")
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO watch_state (key, watched, position, updated) VALUES ('/a.mkv', 1, 0, 1)")
        }
        try queue.close()
        let store = LibraryWatchStore(database: try folder.openLibrary())
        #expect(try await store.allMarks() == ["/a.mkv": WatchMark(watched: true)])
        #expect(try await store.allPlaybackChoices().isEmpty)
        try await store.save(playbackChoices: ["/a.mkv": PlaybackChoice(speed: 120)])
        #expect(try await store.allPlaybackChoices() == ["/a.mkv": PlaybackChoice(speed: 120)])
    }
}
