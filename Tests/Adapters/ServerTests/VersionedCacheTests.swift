@testable import Server
import SpinTesting
import Synchronization
import Testing

/// What the server keeps per version of the library (its counts, its pages as sent).
@Suite struct VersionedCacheTests {
    /// Counts the makings, and holds each until `open` is called.
    final class Maker: Sendable {
        let made = Atomic(0)
        let gate = Mutex<[CheckedContinuation<Void, Never>]?>([])

        func make(_ value: Int) async -> Int {
            made.add(1, ordering: .relaxed)
            await withCheckedContinuation { continuation in
                let held = gate.withLock { waiting -> Bool in
                    guard waiting != nil else { return false }
                    waiting!.append(continuation)
                    return true
                }
                if !held { continuation.resume() }
            }
            return value
        }

        func open() {
            for continuation in gate.withLock({ waiting in defer { waiting = nil }; return waiting ?? [] }) {
                continuation.resume()
            }
        }
    }

    @Test("32 asking at once for a value being made wait for that one making")
    func oneMakingForMany() async throws {
        let cache = VersionedCache<Int>(budget: 100) { _ in 1 }
        let maker = Maker()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0 ..< 32 {
                group.addTask { try await cache.value(for: "page", version: 1) { await maker.make(7) } }
            }
            maker.open()
            for try await value in group { #expect(value == 7) }
        }
        #expect(maker.made.load(ordering: .relaxed) == 1)
        #expect(try await cache.value(for: "page", version: 1) { 8 } == 7, "kept while the version holds")
    }

    @Test("another version makes it again, and what the old one kept is gone")
    func aNewVersionStartsOver() async throws {
        let cache = VersionedCache<Int>(budget: 100) { _ in 1 }
        #expect(try await cache.value(for: "a", version: 1) { 1 } == 1)
        #expect(try await cache.value(for: "b", version: 1) { 2 } == 2)
        #expect(cache.kept.count == 2)
        #expect(try await cache.value(for: "a", version: 2) { 10 } == 10)
        #expect(cache.kept.count == 1 && cache.kept.cost == 1)
    }

    @Test("a failed making is not kept: the next ask makes it again")
    func failuresAreNotKept() async throws {
        struct Failure: Error {}
        let cache = VersionedCache<Int>(budget: 100) { _ in 1 }
        await #expect(throws: Failure.self) { try await cache.value(for: "a", version: 1) { throw Failure() } }
        #expect(cache.kept.count == 0)
        #expect(try await cache.value(for: "a", version: 1) { 3 } == 3)
    }

    @Test("past the budget the oldest values go first, and one made again counts as new")
    func theBudgetEvictsTheOldest() async throws {
        let cache = VersionedCache<Int>(budget: 10) { $0 }
        _ = try await cache.value(for: "a", version: 1) { 4 }
        _ = try await cache.value(for: "b", version: 1) { 4 }
        _ = try await cache.value(for: "c", version: 1) { 4 }
        #expect(cache.kept.count == 2 && cache.kept.cost == 8)
        #expect(try await cache.value(for: "a", version: 1) { 5 } == 5, "a went first, so it is made again")
        // Now b (the oldest) went; c and a stay.
        #expect(cache.kept.cost == 9)
        #expect(try await cache.value(for: "c", version: 1) { 0 } == 4)
        #expect(try await cache.value(for: "b", version: 1) { 1 } == 1, "b went")
        // Random asks never keep more than the budget.
        for step in 0 ..< 2_000 {
            let key = "k\(step.multipliedReportingOverflow(by: 7_919).partialValue % 37)"
            _ = try await cache.value(for: key, version: 1) { step % 6 }
            #expect(cache.kept.cost <= 10)
        }
    }

    @Test("a making every asker stopped waiting for is cancelled; one still awaited goes on")
    func abandonedMakingsAreCancelled() async throws {
        let cache = VersionedCache<Int>(budget: 100) { _ in 1 }
        let began = Atomic(0)
        let cancelled = Atomic(false)
        let alone = Task {
            try await cache.value(for: "a", version: 1) {
                began.add(1, ordering: .relaxed)
                do {
                    try await Task.sleep(for: .seconds(600))
                } catch {
                    cancelled.store(true, ordering: .relaxed)
                    throw error
                }
                return 1
            }
        }
        #expect(await eventually("the making began") { began.load(ordering: .relaxed) == 1 })
        alone.cancel()
        #expect(await eventually("the making cancelled") { cancelled.load(ordering: .relaxed) })
        await #expect(throws: CancellationError.self) { try await alone.value }
        #expect(try await cache.value(for: "a", version: 1) { 2 } == 2, "made again for the next asker")

        // Two wait; one is cancelled: the other still gets the value.
        let maker = Maker()
        let first = Task { try await cache.value(for: "b", version: 1) { await maker.make(5) } }
        #expect(await eventually("the making began") { maker.made.load(ordering: .relaxed) == 1 })
        let second = Task { try await cache.value(for: "b", version: 1) { await maker.make(6) } }
        #expect(await eventually("two waiting") { cache.waiting(for: "b") == 2 })
        first.cancel()
        maker.open()
        #expect(try await second.value == 5)
        #expect(maker.made.load(ordering: .relaxed) == 1)
    }
}
