#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` on a new thread of its own, which ends with it: for work that blocks by nature
/// (a child's pipes, its exit), so that it never holds a thread of the task pool.
///
///     startDetachedThread { collectUntilExit() }
func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
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
