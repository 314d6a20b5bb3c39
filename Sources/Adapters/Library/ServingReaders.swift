import Catalog
import Foundation
import GRDB
import Synchronization

/// Read-only connections of `spindle serve`'s own, one for each core, on which a page is made on
/// the thread that asks for it (`servedPage`).
///
/// The pool's `read` goes to a reader's queue and back to the task's: two thread hops, nine
/// context switches a made page. Here GRDB runs the read on the calling thread. A connection is
/// taken only if one is free, and otherwise the page is read through the pool as before: a task
/// never waits here, so a thread of Swift's pool is never held waiting on a reader that only
/// another task of that pool could give back (the pool's `read` lets its reader go only once
/// its task runs again). At a million titles, one connection walking alone: a page made in
/// 1.3-1.7 ms at the median instead of 1.8-2.0, at 1.6 ms of CPU instead of 1.8, and about 5
/// context switches instead of 9.
///
///     let readers = try ServingReaders(database: database)
///     let (page, served) = try await readers.servedPage(request, matching: nil, from: provider)
package struct ServingReaders: Sendable {
    private let database: LibraryDatabase
    private let free: Free

    /// Opens `count` read-only connections to `database` (one for each active core by default;
    /// none reads every page through the pool).
    package init(database: LibraryDatabase, count: Int = ProcessInfo.processInfo.activeProcessorCount) throws(LibraryError) {
        self.database = database
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "library.serving"
        do {
            free = Free(try (0 ..< max(0, count)).map { _ in try DatabaseQueue(path: database.path, configuration: configuration) })
        } catch {
            throw LibraryError.from(error, path: database.path) ?? .cannotOpen(path: database.path, reason: "\(error)")
        }
    }

    /// `LibraryDatabase.servedPage`, read on this thread when a connection is free.
    package func servedPage(_ request: PageRequest, matching matches: Int?, from provider: LibraryProvider)
        async throws -> (Page, [String: ServedTitle]) {
        guard let connection = free.take() else {
            return try await database.servedPage(request, matching: matches, from: provider)
        }
        defer { free.give(connection) }
        return try LibraryError.mapping(path: database.path) {
            try connection.read { db in try LibraryDatabase.servedPage(request, matching: matches, from: provider, in: db) }
        }
    }

    /// The connections not in use.
    private final class Free: Sendable {
        private let connections: Mutex<[DatabaseQueue]>

        init(_ connections: [DatabaseQueue]) {
            self.connections = Mutex(connections)
        }

        func take() -> DatabaseQueue? {
            connections.withLock { $0.popLast() }
        }

        func give(_ connection: DatabaseQueue) {
            connections.withLock { $0.append(connection) }
        }
    }
}
