#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread of its own, which ends with it. For the work that blocks by
/// nature (reading a child's pipes or socket, waiting for its exit, walking a file system), so
/// it never holds a thread of the task pool, and waits cost no CPU.
///
///     startDetachedThread { readUntilClosed() }
package func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
    final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(result == 0, "pthread_create failed: \(result)")
    pthread_detach(thread)
}
