import Synchronization

/// Fans values out to any number of `AsyncStream` consumers, each with an unbounded buffer.
///
/// With a current value, a new consumer first receives that value (like a property it observes);
/// without one, it receives only what is sent after it subscribed.
package final class Broadcast<Value: Sendable>: Sendable {
    private struct Consumers {
        var current: Value?
        var streams: [UInt64: AsyncStream<Value>.Continuation] = [:]
        var nextID: UInt64 = 0
    }

    private let consumers: Lock<Consumers>

    package init(current: Value? = nil) {
        consumers = Lock(Consumers(current: current))
    }

    package func subscribe() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .unbounded)
        let id = consumers.withLock { consumers -> UInt64 in
            consumers.nextID += 1
            if let current = consumers.current { continuation.yield(current) }
            consumers.streams[consumers.nextID] = continuation
            return consumers.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.consumers.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `value` to every consumer; with a current value, only if it changed.
    package func send(_ value: Value) where Value: Equatable {
        consumers.withLock { consumers in
            if let current = consumers.current, current == value { return }
            if consumers.current != nil { consumers.current = value }
            for continuation in consumers.streams.values { continuation.yield(value) }
        }
    }

    package func send(_ value: Value) {
        consumers.withLock { consumers in
            if consumers.current != nil { consumers.current = value }
            for continuation in consumers.streams.values { continuation.yield(value) }
        }
    }

    package func finish() {
        let streams = consumers.withLock { consumers in
            defer { consumers.streams = [:] }
            return Array(consumers.streams.values)
        }
        for continuation in streams { continuation.finish() }
    }
}
