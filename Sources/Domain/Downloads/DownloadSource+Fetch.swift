import Catalog

extension DownloadSource {
    /// Fetches `parts` of `title` concurrently, in the caller's task (a task group: cancelling
    /// the caller cancels every part), handing each report to `onProgress`. The first part that
    /// fails cancels the others and its error is thrown.
    ///
    ///     let copy = try await source.fetch(title) { part, progress in print(part, progress) }
    package func fetch(
        _ title: Title,
        parts: [DownloadPart]? = nil,
        onProgress: @escaping @Sendable (DownloadPart, DownloadProgress) -> Void = { _, _ in }
    ) async throws -> LocalCopy {
        try await fetch(title, parts: parts ?? DownloadPart.parts(of: title), onProgress: onProgress,
                        failure: { _, error in error })
    }

    /// The same, with each part's failure (not a cancellation) made into the error thrown, for
    /// callers that need to know which part failed.
    func fetch(
        _ title: Title,
        parts: [DownloadPart],
        onProgress: @escaping @Sendable (DownloadPart, DownloadProgress) -> Void,
        failure: @escaping @Sendable (DownloadPart, any Error) -> any Error
    ) async throws -> LocalCopy {
        try await withThrowingTaskGroup(of: (DownloadPart, String).self) { group in
            for part in parts {
                group.addTask {
                    var localPath: String?
                    do {
                        for try await report in transfer(part, of: title) {
                            onProgress(part, report)
                            if case .finished(let path) = report { localPath = path }
                        }
                    } catch {
                        if Task.isCancelled || error is CancellationError { throw CancellationError() }
                        throw failure(part, error)
                    }
                    try Task.checkCancellation()
                    guard let localPath else {
                        throw failure(part, DownloadError(
                            "the transfer of the \(part.rawValue) ended before it was complete; try again"))
                    }
                    return (part, localPath)
                }
            }
            // The first failure leaves at once (waitForAll would wait for the other parts
            // first); leaving the group cancels them.
            var paths: [DownloadPart: String] = [:]
            for try await (part, path) in group { paths[part] = path }
            return LocalCopy(video: paths[.video] ?? "", subtitles: paths[.subtitles])
        }
    }
}
