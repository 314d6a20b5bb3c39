import Catalog
import Library

/// How many titles each query matches, counted once per version of the library
/// (`VersionedCache`), so pages do not count a million rows each.
///
///     let totals = TotalCache(database: database)
///     let total = try await totals.total(query: "amelie", version: try changes.version())
struct TotalCache: Sendable {
    /// How many counts are kept (a client typing searches fills it; the oldest go first).
    static let capacity = 1_024

    private let database: LibraryDatabase
    private let counts = VersionedCache<Int>(budget: Self.capacity) { _ in 1 }

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// The count of the list, if it is kept, without counting it.
    func kept(query: String, scope: ListScope = .all, filter: ListFilter = ListFilter(), version: Int) async -> Int? {
        await counts.kept(for: Self.key(query: query, scope: scope, filter: filter), version: version)
    }

    func total(query: String, scope: ListScope = .all, filter: ListFilter = ListFilter(), version: Int) async throws -> Int {
        let isView = query.isEmpty && (scope != .all || !filter.isEmpty)
        let database = database
        return try await counts.value(for: Self.key(query: query, scope: scope, filter: filter), version: version) {
            !isView ? try await database.titleCount(query: query)
                : filter.isEmpty ? try await LibraryProvider(database: database).count(scope)
                : try await LibraryProvider(database: database).count(scope, filter: filter)
        }
    }

    private static func key(query: String, scope: ListScope, filter: ListFilter) -> String {
        let isView = query.isEmpty && (scope != .all || !filter.isEmpty)
        return isView ? "\u{1}\(scope)\u{1}\(filter.genre ?? "")\u{1}\(filter.decade ?? 0)" : query
    }
}
