import AppCommandLine
import Foundation
import Library
@testable import AppLibrary
import TestSupport
import Testing

/// `spindle folders` and `spindle folders remove`, on a real library of scanned files.
@Suite("The library's folders")
struct FolderCommandTests {
    @Test("remove takes a folder's titles out and keeps what was watched; an unknown folder is an error")
    func removeAFolder() async throws {
        let scratch = try TempFolder(prefix: "spindle-libapp")
        let films = try scratch.mediaFolder("films", files: ["One (2001).mkv", "Two (2002).mkv"])
        let shows = try scratch.mediaFolder("shows", files: ["Harbor S01E01.mkv"])
        let feature = SQLiteLibraryFeature()
        #expect(await feature.scan(folders: [films, shows], environment: scratch.environment) == 0)
        let path = try LibraryLocations(environment: scratch.environment).library
        let database = try LibraryDatabase(path: path)
        try await database.markWatched(films + "/One (2001).mkv")
        #expect(try await database.folderCounts().map(\.titles) == [2, 1])
        try database.close()

        #expect(await feature.folders(.remove([films]), environment: scratch.environment) == 0)
        #expect(await feature.folders(.remove([scratch.path + "/nowhere"]), environment: scratch.environment) == 1)

        let after = try LibraryDatabase(path: path)
        #expect(try await after.folderCounts().map(\.folder) == [shows])
        #expect(try await after.titleCountForTests() == 1)
        #expect(try await after.watchState(forTitle: films + "/One (2001).mkv")?.watched == true, "watch state kept")
        #expect(await feature.folders(.list, environment: scratch.environment) == 0)
        try after.close()
    }
}

extension LibraryDatabase {
    func titleCountForTests() async throws -> Int {
        try await LibraryProvider(database: self).titleCount()
    }
}
