import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C while a catalog imports. The import runs before the screen opens (its errors are
/// plain lines on a plain terminal), so SIGINT's default would end the process in the middle of
/// the transaction and leave a new database behind. Instead the import's task is cancelled:
/// GRDB rolls the transaction back at its next statement, the task throws `CancellationError`,
/// and the caller removes what it made. Should that take more than a second (a loaded machine),
/// the process ends anyway (status 130), after `forced` has said so and removed what the import
/// made (a first import's database: its files can go while the import still holds them);
/// SQLite's journal keeps an earlier import's file as it was.
///
///     let outcome = try await ImportInterruption.cancellingOnInterrupt {
///         try await LibraryImport.importCatalog(path: path, into: database)
///     } forced: { unlink(databasePath) }
enum ImportInterruption {
    /// How long a cancelled import may take to let go before the process ends regardless.
    static let grace: DispatchTimeInterval = .seconds(1)

    static func cancellingOnInterrupt<T: Sendable>(_ body: @escaping @Sendable () async throws -> T,
                                                   forced: @escaping @Sendable () -> Void = {}) async throws -> T {
        let task = Task { try await body() }
        let isOver = Atomic(false)
        // The previous disposition comes back afterwards (the screen installs its own later).
        let previous = signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            task.cancel()
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
                if !isOver.load(ordering: .acquiring) {
                    forced()
                    _exit(130)
                }
            }
        }
        source.resume()
        defer {
            isOver.store(true, ordering: .releasing)
            source.cancel()
            signal(SIGINT, previous)
        }
        return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }
}
