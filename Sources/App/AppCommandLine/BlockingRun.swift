#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` as a task and waits for its result on this thread, for the synchronous command
/// line (`spindle scan`), whose thread owns nothing the task needs.
func blockingRun<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let result = ResultSlot<T>()
    Task { result.fill(await body()) }
    return result.wait()
}

/// The same for a throwing body: its error is thrown here.
func blockingRun<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    try blockingRun { () async -> Result<T, any Error> in
        do { return .success(try await body()) } catch { return .failure(error) }
    }.get()
}

/// One value, handed from a task to a waiting thread.
private final class ResultSlot<T: Sendable>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var value: T?

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    func fill(_ newValue: T) {
        pthread_mutex_lock(&mutex)
        value = newValue
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
    }

    func wait() -> T {
        pthread_mutex_lock(&mutex)
        while value == nil { pthread_cond_wait(&condition, &mutex) }
        let result = value!
        pthread_mutex_unlock(&mutex)
        return result
    }
}
