import Synchronization

/// The consumers of a spin's `states` sequence, each with an unbounded buffer.
///
/// Yielding happens on the draining thread; an atomic count lets a spin with no consumer skip
/// the lock entirely.
@usableFromInline
final class StateSubscribers<State: Sendable>: Sendable {
    private struct Registry {
        var streams: [UInt64: AsyncStream<State>.Continuation] = [:]
        var isClosed = false
        var nextID: UInt64 = 0
    }

    private let registry = Lock(Registry())
    @usableFromInline let count = Atomic<Int>(0)

    @inlinable var isActive: Bool { count.load(ordering: .relaxed) > 0 }

    func makeID() -> UInt64 {
        registry.withLock { registry in
            registry.nextID += 1
            return registry.nextID
        }
    }

    @usableFromInline func add(_ id: UInt64, _ continuation: AsyncStream<State>.Continuation) {
        let accepted = registry.withLock { registry -> Bool in
            guard !registry.isClosed else { return false }
            registry.streams[id] = continuation
            count.store(registry.streams.count, ordering: .relaxed)
            return true
        }
        // Finishing calls onTermination, which takes the lock: never finish while holding it.
        if !accepted { continuation.finish() }
    }

    func remove(_ id: UInt64) {
        registry.withLock { registry in
            registry.streams[id] = nil
            count.store(registry.streams.count, ordering: .relaxed)
        }
    }

    @usableFromInline func yield(_ state: State) {
        registry.withLock { registry in
            for continuation in registry.streams.values { continuation.yield(state) }
        }
    }

    func close() {
        let streams = registry.withLock { registry -> [AsyncStream<State>.Continuation] in
            registry.isClosed = true
            count.store(0, ordering: .relaxed)
            defer { registry.streams = [:] }
            return Array(registry.streams.values)
        }
        for continuation in streams { continuation.finish() }
    }
}

/// A consumer of the states waiting in the queue to join the subscribers.
@usableFromInline
final class StateSubscription<State: Sendable>: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let continuation: AsyncStream<State>.Continuation

    init(id: UInt64, continuation: AsyncStream<State>.Continuation) {
        self.id = id
        self.continuation = continuation
    }
}
