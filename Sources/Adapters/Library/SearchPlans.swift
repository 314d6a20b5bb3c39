import GRDB
import Synchronization

/// How each recent search's pages were found, kept so that its next pages skip what the first
/// one learnt (`LibraryProvider.rows`):
///
/// - a search matching many titles **walks**: its next pages walk at once, without counting
///   its first 5,000 matches again (6 ms for `amelie` on a million titles, of 8.5 a page);
/// - a search matching fewer is **looked up**: all its matches' places are kept, in order, and
///   its next pages are a slice of them, without asking FTS5 and sorting again (12 ms a page for
///   `amelie drama`, 1,609 matches);
/// - a new search that **narrows** a looked-up one (each of that one's words begins one of its
///   words, as when the user types on: `amelie dr` after `amelie d`) matches only titles among
///   its places: FTS5 says which (`narrowing`), and no sort key is looked up again.
///
/// What is kept holds for one state of the library as one connection saw it: the connection
/// (held weakly: a new one at the same address is another) and its `PRAGMA data_version`, which
/// is the read transaction's, and changes with every commit of another connection. A page read
/// on another connection, or after a commit, finds nothing kept and keeps what it learns anew.
/// At most `maximumSearches` searches are kept, the oldest let go of first, and `maximumPlaces`
/// places (more places let the oldest looked-up search go; a search is looked up below 5,000
/// matches, so at least one is always kept).
final class SearchPlans: Sendable {
    enum Plan: Sendable {
        case walks
        /// Every match's place, in the library's order.
        case lookedUp([PagePosition])
    }

    static let maximumSearches = 32
    /// Two searches' places at most: a search is looked up below 5,000 matches.
    static let maximumPlaces = 10_000

    private struct Entry {
        let connection: Connection
        let version: Int
        let plan: Plan
        /// The search's words (`SearchQuery.tokens`); none for a search no other narrows.
        let tokens: [String]
    }

    /// A connection, compared by identity while it lives.
    private final class Connection: @unchecked Sendable {
        weak var database: Database?
        init(_ database: Database) { self.database = database }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Oldest first.
        var order: [String] = []
        var places = 0
        var narrowings = 0
    }

    /// How many times `narrowing` found a search to narrow (for the tests: that the path ran).
    var narrowings: Int { state.withLock { $0.narrowings } }

    private let state = Mutex(State())

    /// The read transaction's version of the library, as `db` sees it.
    static func version(in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
    }

    /// What was kept of `search` (its FTS5 query) for this connection at `version`, if anything.
    func plan(for search: String, in db: Database, version: Int) -> Plan? {
        state.withLock { state in
            guard let entry = state.entries[search], entry.version == version, entry.connection.database === db else { return nil }
            return entry.plan
        }
    }

    /// The places of the fewest-matching looked-up search kept for this connection at
    /// `version` that a search of `tokens` narrows: each of its words begins (byte for byte, as
    /// FTS5's prefixes and the walk's `instr` compare) one of `tokens`, so every title matching
    /// `tokens` is among its places.
    func narrowing(_ tokens: [String], in db: Database, version: Int) -> [PagePosition]? {
        state.withLock { state in
            var found: [PagePosition]?
            for entry in state.entries.values where !entry.tokens.isEmpty && entry.version == version && entry.connection.database === db {
                guard case .lookedUp(let places) = entry.plan, places.count < found?.count ?? Int.max,
                      entry.tokens.allSatisfy({ wider in tokens.contains { $0.utf8.starts(with: wider.utf8) } }) else { continue }
                found = places
            }
            if found != nil { state.narrowings += 1 }
            return found
        }
    }

    /// Keeps `plan` for `search` (of the words `tokens`, for the searches that narrow it), as
    /// `db` saw the library at `version`.
    func keep(_ plan: Plan, for search: String, tokens: [String] = [], in db: Database, version: Int) {
        let entry = Entry(connection: Connection(db), version: version, plan: plan, tokens: tokens)
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: search) {
                state.places -= Self.places(of: old.plan)
                state.order.removeAll { $0 == search }
            }
            state.entries[search] = entry
            state.order.append(search)
            state.places += Self.places(of: plan)
            // Too many places: the oldest looked-up search goes (another search's walk holds none).
            while state.places > Self.maximumPlaces,
                  let oldest = state.order.first(where: { $0 != search && Self.places(of: state.entries[$0]!.plan) > 0 }) {
                state.places -= Self.places(of: state.entries.removeValue(forKey: oldest)!.plan)
                state.order.removeAll { $0 == oldest }
            }
            while state.order.count > Self.maximumSearches {
                let oldest = state.order.removeFirst()
                state.places -= Self.places(of: state.entries.removeValue(forKey: oldest)!.plan)
            }
        }
    }

    /// Lets go of everything kept.
    func forget() {
        state.withLock { $0 = State() }
    }

    private static func places(of plan: Plan) -> Int {
        if case .lookedUp(let places) = plan { places.count } else { 0 }
    }
}
