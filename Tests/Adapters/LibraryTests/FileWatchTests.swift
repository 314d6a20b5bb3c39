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
