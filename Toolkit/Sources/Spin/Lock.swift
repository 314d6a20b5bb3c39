#if SPIN_TSAN
#if canImport(Glibc)
import Glibc
#endif

/// A lock ThreadSanitizer understands: `make tsan` builds with `-D SPIN_TSAN`, where every lock
/// of Spin is this pthread mutex. (TSan does not see the futex inside `Synchronization.Mutex`,
/// so it would report every section guarded by one as a race, and real races would drown.)
@usableFromInline
package final class Lock<Value>: @unchecked Sendable {
    @usableFromInline var mutex = pthread_mutex_t()
    @usableFromInline var value: Value

    @inlinable
    package init(_ value: sending Value) {
        self.value = value
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    @inlinable
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body(&value)
    }
}
#else
import Synchronization

/// The lock behind every shared state of Spin: `Synchronization.Mutex`, or a pthread mutex that
/// ThreadSanitizer understands when built with `-D SPIN_TSAN` (`make tsan`).
///
///     let shared = Lock(Shared())
///     shared.withLock { $0.pending.append(item) }
@usableFromInline
package typealias Lock<Value: ~Copyable> = Synchronization.Mutex<Value>
#endif
