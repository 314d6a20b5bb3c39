@testable import OfflineDownloads
import Synchronization
import Testing

extension OfflineDownloadsTests {
    /// The per-path lock that keeps a transfer started right after a cancel (or a deletion)
    /// from writing a `.part` the old transfer still writes. On loopback the old transfer
    /// usually stops first anyway, so the lock is tested here, on its own.
    @Suite struct Locks {
        /// Returns once `count` tasks wait for `path` (yields; bounded by the suite's limit).
        private func waitForWaiters(_ locks: PathLocks, _ path: String, count: Int) async {
            while locks.waiting(for: path) < count { await Task.yield() }
        }

        @Test func aSecondHolderWaitsForTheFirstThenTheyFollowInOrder() async {
            let locks = PathLocks()
            let order = Order()
            #expect(await locks.acquire("/a/video"))
            let second = Task {
                let acquired = await locks.acquire("/a/video")
                order.append("second")
                locks.release("/a/video")
                return acquired
            }
            await waitForWaiters(locks, "/a/video", count: 1)
            let third = Task {
                let acquired = await locks.acquire("/a/video")
                order.append("third")
                locks.release("/a/video")
                return acquired
            }
            await waitForWaiters(locks, "/a/video", count: 2)
            // Another path is free meanwhile.
            #expect(await locks.acquire("/b/video"))
            locks.release("/b/video")
            order.append("first")
            locks.release("/a/video")
            #expect(await second.value)
            #expect(await third.value)
            #expect(order.names == ["first", "second", "third"])
            #expect(await locks.acquire("/a/video"))
            locks.release("/a/video")
        }

        @Test func aCancelledWaiterGivesUpAndTheHolderKeepsThePath() async {
            let locks = PathLocks()
            #expect(await locks.acquire("/a/video"))
            let waiter = Task { await locks.acquire("/a/video") }
            await waitForWaiters(locks, "/a/video", count: 1)
            waiter.cancel()
            #expect(await waiter.value == false)
            #expect(locks.waiting(for: "/a/video") == 0)
            // Still held: a new waiter waits until the release.
            let next = Task { await locks.acquire("/a/video") }
            await waitForWaiters(locks, "/a/video", count: 1)
            locks.release("/a/video")
            #expect(await next.value)
            locks.release("/a/video")
            // Cancelled before asking: false at once.
            let early = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await locks.acquire("/c/video")
            }
            #expect(await early.value == false)
            #expect(await locks.acquire("/c/video"))
        }
    }
}

/// Names appended by tasks, in the order they came.
private final class Order: Sendable {
    private let list = Mutex<[String]>([])

    var names: [String] { list.withLock { $0 } }

    func append(_ name: String) {
        list.withLock { $0.append(name) }
    }
}
