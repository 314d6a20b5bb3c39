import Catalog
import Foundation
@testable import Library
import MediaScan
import SpinTesting
import Testing
import TestSupport

/// `LibraryFileWatch`: a commit by another connection is told once; reads are not.
@Suite("Watching the library's files")
struct FileWatchTests {
    @Test("a commit by another process is told once; reading the library tells nothing")
    func commitsAreTold() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let other = try folder.openLibrary()
        let told = LockedCount()
        let changes = LibraryFileWatch.changes(of: database, interval: .milliseconds(50))
        let watching = Task {
            for await _ in changes { told.add() }
        }
        defer { watching.cancel() }
        // Reads, many: nothing to tell.
        for _ in 0 ..< 20 { _ = try await LibraryProvider(database: database).page(PageRequest(pageSize: 10)) }
        try await other.addFolders(["/media/a"])
        await eventually("the first commit told") { told.value >= 1 }
        #expect(told.value == 1)
        // Reads again, then a second commit: its report comes after anything the reads caused,
        // so two reports in all say that the reads told nothing.
        for _ in 0 ..< 20 { _ = try await LibraryProvider(database: database).page(PageRequest(pageSize: 10)) }
        try await other.addFolders(["/media/b"])
        await eventually("the second commit told") { told.value >= 2 }
        #expect(told.value == 2, "reads told nothing")
    }
}

final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// `LibraryChangeCounter`: its number moves with every commit of any connection, never without.
@Suite("Counting the library's changes")
struct ChangeCounterTests {
    @Test("the same number while nothing is written, a new one after each commit, from this connection or another")
    func versions() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let other = try folder.openLibrary()
        let changes = try LibraryChangeCounter(database: database)
        let first = try changes.version()
        for _ in 0 ..< 10 { _ = try await LibraryProvider(database: database).page(PageRequest(pageSize: 10)) }
        #expect(try changes.version() == first, "reads change nothing")
        try await other.addFolders(["/media/a"])
        let second = try changes.version()
        #expect(second != first)
        try await database.addFolders(["/media/b"])
        #expect(try changes.version() != second)
        // Copies share the one connection, from many threads at once.
        let copies = Array(repeating: changes, count: 8)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for copy in copies { group.addTask { (0 ..< 200).reduce(0) { total, _ in total + ((try? copy.version()) ?? -1) } } }
            for try await total in group { #expect(total > 0) }
        }
    }

    @Test("a library whose file is gone is one clear error")
    func unopenable() throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
        #expect(throws: LibraryError.self) { _ = try LibraryChangeCounter(database: database) }
    }
}
