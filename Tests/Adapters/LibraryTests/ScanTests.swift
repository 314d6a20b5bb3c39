import Catalog
import Foundation
@testable import Library
import MediaScan
import Testing
import TestSupport

@Suite("Scanning into the library")
struct ScanTests {
    /// Creates the files in the folder and returns them as a walker would (size and mtime).
    static func files(_ names: [String], in folder: TempFolder) throws -> [MediaFile] {
        try names.map { name in
            let path = folder.path + "/" + name
            if !FileManager.default.fileExists(atPath: path) { try folder.write("media " + name, to: name) }
            var info = stat()
            #expect(stat(path, &info) == 0)
            return MediaFile(path: path, size: Int64(info.st_size),
                             modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        }
    }

    @Test("a rescan probes only new and changed files, and removes the ones that are gone")
    func incremental() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let prober = NamingProber()
        let scan = LibraryScan(database: database, prober: prober, concurrency: 2, batchSize: 2)
        let provider = LibraryProvider(database: database)
        let first = try Self.files(["Film One.mkv", "Show S01E01 Pilot.mkv", "Show S01E02 Next.mkv", "broken.mkv"], in: folder)
        let reports = Reports()
        let result = try await scan.run(root: folder.path, files: FileList(files: first)) { reports.append($0) }
        #expect(result == ScanProgress(total: 4, done: 4, new: 4, failed: 1, removed: 0, isWalking: false))
        #expect(await prober.probes.value == 4)
        #expect(reports.all.contains { $0.done == 2 && $0.total >= 2 })
        #expect(try await provider.allIDs(pageSize: 10).count == 4)
        let broken = try await provider.page(PageRequest(query: "unreadable", pageSize: 5)).items
        #expect(broken.map(\.title) == ["Broken"], "named from its file name as a readable file is")
        #expect(try await database.problem(forTitle: broken[0].id) == "Invalid data found when processing input")
        #expect(try await database.problem(forTitle: first[0].path) == nil)

        let pilot = try #require(try await provider.page(PageRequest(query: "pilot", pageSize: 5)).items.first)
        #expect(pilot == Title(id: first[1].path, title: "Show S01E01 · Pilot", year: 0, genre: "", duration: 1500,
                               introStart: 0, introEnd: 60, creditsStart: 1500,
                               media: TitleMedia(video: first[1].path, knowsDuration: true, knowsIntro: true,
                                                 knowsCredits: false)))

        // Unchanged: nothing probed.
        let again = try await scan.run(root: folder.path, files: FileList(files: first))
        #expect(again == ScanProgress(total: 4, done: 4, new: 0, failed: 0, removed: 0, isWalking: false))
        #expect(await prober.probes.value == 4)

        // One changed (renamed inside: its size differs), one gone, one new.
        var changed = first
        changed[0].size += 1
        changed.remove(at: 2)
        changed += try Self.files(["Show S01E03 Finale.mkv"], in: folder)
        let third = try await scan.run(root: folder.path, files: FileList(files: changed))
        #expect(third == ScanProgress(total: 4, done: 4, new: 2, failed: 1 - 1, removed: 1, isWalking: false))
        #expect(await prober.probes.value == 6)
        let titles = try await provider.page(PageRequest(pageSize: 10)).items.map(\.title)
        #expect(titles == ["Broken", "Film One", "Show S01E01 · Pilot", "Show S01E03 · Finale"])
        #expect(try await database.knownFiles(under: folder.path)[changed[0].path] == FileStamp(size: changed[0].size, modified: changed[0].modified))
    }

    @Test("a walk that fails stores what was probed and removes nothing")
    func failedWalk() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let scan = LibraryScan(database: database, prober: NamingProber(), batchSize: 100)
        let files = try Self.files(["A.mkv", "B.mkv"], in: folder)
        try await scan.run(root: folder.path, files: FileList(files: files))
        struct WalkFailed: Error {}
        let failing = AsyncThrowingStream<MediaFile, any Error> { continuation in
            continuation.yield(MediaFile(path: folder.path + "/C.mkv", size: 3, modified: 3))
            continuation.finish(throwing: WalkFailed())
        }
        await #expect(throws: WalkFailed.self) { try await scan.run(root: folder.path, files: failing) }
        let ids = try await LibraryProvider(database: database).allIDs(pageSize: 10)
        #expect(ids == ["A", "B", "C"].map { folder.path + "/\($0).mkv" })
    }

    @Test("another root's files are left alone")
    func roots() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.upsert(file: MediaFile(path: "/elsewhere/x.mkv", size: 1, modified: 1),
                                  facts: .success(MediaFacts(title: "X")), root: "/elsewhere")
        let scan = LibraryScan(database: database, prober: NamingProber())
        let result = try await scan.run(root: folder.path, files: FileList(files: []))
        #expect(result.removed == 0)
        #expect(try await database.knownFiles(under: "/elsewhere").count == 1)
        try await database.remove(paths: ["/elsewhere/x.mkv"])
        #expect(try await database.knownFiles(under: "/elsewhere").isEmpty)
    }
}

/// Progress reports, collected from the scan's callback.
final class Reports: Sendable {
    private let reports = Mutex<[ScanProgress]>([])
    func append(_ report: ScanProgress) { reports.withLock { $0.append(report) } }
    var all: [ScanProgress] { reports.withLock { $0 } }
}

import Synchronization
