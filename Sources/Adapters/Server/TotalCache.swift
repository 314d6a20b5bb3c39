import Catalog
import Library
import Synchronization

/// How many titles each query matches, counted once and kept until the library changes (any
/// commit: `LibraryChangeCounter`), so pages do not count a million rows each. Requests that
/// ask for the same count while it is being counted wait for that one count.
///
///     let totals = TotalCache(database: database, changes: try LibraryChangeCounter(database: database))
///     let total = try await totals.total(query: "amelie")
final class TotalCache: Sendable {
    private struct State {
        var version: Int?
        var counts: [String: Task<Int, any Error>] = [:]
    }

    /// Past this many queries the cache starts over (a client typing searches fills it).
    static let capacity = 1_024

    private let database: LibraryDatabase
    private let changes: LibraryChangeCounter
    private let state = Mutex(State())

    init(database: LibraryDatabase, changes: LibraryChangeCounter) {
        self.database = database
        self.changes = changes
    }

    func total(query: String, scope: ListScope = .all, filter: ListFilter = ListFilter()) async throws -> Int {
        let isView = query.isEmpty && (scope != .all || !filter.isEmpty)
        let key = isView ? "\u{1}\(scope)\u{1}\(filter.genre ?? "")\u{1}\(filter.decade ?? 0)" : query
        let version = try changes.version()
        let database = database
        let count = state.withLock { state in
            if state.version != version {
                state.version = version
                state.counts = [:]
            }
            if let counting = state.counts[key] { return counting }
            if state.counts.count >= Self.capacity { state.counts = [:] }
            let counting = Task {
                !isView ? try await database.titleCount(query: query)
                    : filter.isEmpty ? try await LibraryProvider(database: database).count(scope)
                    : try await LibraryProvider(database: database).count(scope, filter: filter)
            }
            state.counts[key] = counting
            return counting
        }
        do {
            return try await count.value
        } catch {
            // A failed count is not kept: the next request counts again.
            state.withLock { state in
                if state.counts[key] == count { state.counts[key] = nil }
            }
            throw error
        }
    }
}
