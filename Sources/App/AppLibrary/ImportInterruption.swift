import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C while a catalog imports. The import runs before the screen opens (its errors are
/// plain lines on a plain terminal), so SIGINT's default would end the process in the middle of
/// the transaction and leave a new database behind. Instead the import's task is cancelled:
/// GRDB rolls the transaction back at its next statement, the task throws `CancellationError`,
/// and the caller removes what it made. Should that take more than a second, the process ends
/// anyway (status 130); SQLite's journal keeps the file as it was before the import.
///
///     let outcome = try await ImportInterruption.cancellingOnInterrupt {
///         try await LibraryImport.importCatalog(path: path, into: database)
///     }
enum ImportInterruption {
    /// How long a cancelled import may take to let go before the process ends regardless.
    static let grace: DispatchTimeInterval = .seconds(1)

    static func cancellingOnInterrupt<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let task = Task { try await body() }
        let isOver = Atomic(false)
        // The previous disposition comes back afterwards (the screen installs its own later).
        let previous = signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            task.cancel()
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
                if !isOver.load(ordering: .acquiring) { _exit(130) }
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
