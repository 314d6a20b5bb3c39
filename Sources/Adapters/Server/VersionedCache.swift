import Synchronization

/// Values made once per version of the library and kept until it changes (any commit:
/// `LibraryChangeCounter`): the server's counts and its pages as sent. Requests that ask for a
/// value while it is being made wait for that one making, so 32 clients asking for the same
/// page at once cost one page. A failed making is not kept; a making that every asker stopped
/// waiting for (a client typing on, a closed connection) is cancelled, as a request's own work
/// would be.
///
/// What is kept is bounded by `budget`, in the units of `cost` (a count costs 1, a page its
/// bytes): past it the oldest values go first.
///
///     let pages = VersionedCache<Int>(budget: 1_024) { _ in 1 }
///     let total = try await pages.value(for: "amelie", version: try changes.version()) { try await count() }
final class VersionedCache<Value: Sendable>: Sendable {
    private struct State {
        var version: Int?
        var entries: [String: Entry] = [:]
        /// The values made, oldest first, for eviction: a key and its making's number (an entry
        /// made again since is another making, and is not evicted in the old one's place).
        var order: [(key: String, number: Int)] = []
        var orderStart = 0
        var spent = 0
        var nextMaking = 0
    }

    private struct Entry {
        var making: Task<Value, any Error>
        /// Which making this is, so that a late one does not count or drop another's entry.
        var number: Int
        /// Set once made: what it counts against the budget.
        var cost: Int?
        /// The askers still waiting for the making.
        var waiting = 0
    }

    let budget: Int
    private let cost: @Sendable (Value) -> Int
    private let state = Mutex(State())

    init(budget: Int, cost: @escaping @Sendable (Value) -> Int) {
        self.budget = budget
        self.cost = cost
    }

    /// The value kept for `key` at `version`, or the one `make` makes (once, however many ask).
    func value(for key: String, version: Int, make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let (making, number) = state.withLock { state -> (Task<Value, any Error>, Int) in
            if state.version != version { state = State(version: version, nextMaking: state.nextMaking) }
            if let entry = state.entries[key] {
                if entry.cost == nil { state.entries[key]?.waiting += 1 }
                return (entry.making, entry.number)
            }
            state.nextMaking += 1
            let making = Task { try await make() }
            state.entries[key] = Entry(making: making, number: state.nextMaking, waiting: 1)
            return (making, state.nextMaking)
        }
        let asker = Asker()
        do {
            let value = try await withTaskCancellationHandler { try await making.value } onCancel: {
                if asker.leaves() { self.leave(key, number) }
            }
            _ = asker.leaves()
            let spent = cost(value)
            state.withLock { state in
                guard state.entries[key]?.number == number, state.entries[key]?.cost == nil else { return }
                state.entries[key]?.cost = spent
                state.spent += spent
                state.order.append((key, number))
                Self.evict(&state, budget: budget)
            }
            return value
        } catch {
            _ = asker.leaves()
            state.withLock { state in
                if state.entries[key]?.number == number, state.entries[key]?.cost == nil { state.entries[key] = nil }
            }
            throw error
        }
    }

    /// How many askers wait for `key` being made (for tests).
    func waiting(for key: String) -> Int {
        state.withLock { state in state.entries[key].map { $0.cost == nil ? $0.waiting : 0 } ?? 0 }
    }

    /// One asker's wait: it leaves once (cancelled, or done).
    private final class Asker: Sendable {
        private let left = Atomic(false)

        /// True the first time only.
        func leaves() -> Bool { !left.exchange(true, ordering: .relaxed) }
    }

    /// An asker of making `number` of `key` stopped waiting: the last one to stop cancels it.
    private func leave(_ key: String, _ number: Int) {
        state.withLock { state in
            guard let entry = state.entries[key], entry.number == number, entry.cost == nil else { return }
            state.entries[key]?.waiting -= 1
            if entry.waiting <= 1 {
                state.entries[key] = nil
                entry.making.cancel()
            }
        }
    }

    /// The value kept for `key` at `version` if it is made, without waiting or making it.
    func kept(for key: String, version: Int) async -> Value? {
        let making = state.withLock { state -> Task<Value, any Error>? in
            guard state.version == version, let entry = state.entries[key], entry.cost != nil else { return nil }
            return entry.making
        }
        return try? await making?.value
    }

    /// What is kept now: values made, and their total cost (for tests).
    var kept: (count: Int, cost: Int) {
        state.withLock { state in (state.entries.values.filter { $0.cost != nil }.count, state.spent) }
    }

    /// Drops the oldest values made until the budget holds (values still being made are not
    /// in the order yet, and stay).
    private static func evict(_ state: inout State, budget: Int) {
        while state.spent > budget, state.orderStart < state.order.count {
            let (key, number) = state.order[state.orderStart]
            state.orderStart += 1
            guard let entry = state.entries[key], entry.number == number, let cost = entry.cost else { continue }
            state.entries[key] = nil
            state.spent -= cost
        }
        // The order list is compacted once half of it is spent keys.
        if state.orderStart > 64, state.orderStart * 2 > state.order.count {
            state.order.removeFirst(state.orderStart)
            state.orderStart = 0
        }
    }
}
