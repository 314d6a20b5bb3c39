import Catalog
import Foundation
@testable import Library
import MediaScan
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
        let deadline = ContinuousClock.now + .seconds(5)
        while told.value == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(told.value == 1)
        for _ in 0 ..< 20 { _ = try await LibraryProvider(database: database).page(PageRequest(pageSize: 10)) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(told.value == 1, "reads told nothing")
    }
}

final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
