import ConcurrencyHook
import NIOCore
import NIOPosix

/// Hands Swift concurrency's jobs bound for the global executor to NIO's event loops (its
/// singleton group, one loop a core), which sleep in epoll while there is nothing to do, rather
/// than to libdispatch's pool: the first thread that pool starts arms a timer that wakes the
/// process every second for the rest of its life, and an idle browser should not wake at all
/// (docs/performance.md). Call it before any task exists.
///
///     EventLoopConcurrency.install()
enum EventLoopConcurrency {
    /// The runtime's hook: the job, and the runtime's own enqueue (not used).
    typealias Hook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Whether the hook was set (false: another was set before).
    @discardableResult
    static func install() -> Bool {
        let hook: Hook = { job, _ in
            // The loop the caller runs on when it is one of the group's, else the next in turn.
            MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(job))
        }
        return spindle_set_global_enqueue_hook(unsafeBitCast(hook, to: UnsafeRawPointer.self)) == 0
    }
}
