import Catalog

extension DownloadSource {
    /// Fetches `parts` of `title` concurrently, in the caller's task (a task group: cancelling
    /// the caller cancels every part), handing each report to `onProgress`. The first part that
    /// fails cancels the others and its error is thrown.
    ///
    ///     let copy = try await source.fetch(title) { part, progress in print(part, progress) }
    public func fetch(
        _ title: Title,
        parts: [DownloadPart]? = nil,
        onProgress: @escaping @Sendable (DownloadPart, DownloadProgress) -> Void = { _, _ in }
    ) async throws -> LocalCopy {
        let parts = parts ?? DownloadPart.parts(of: title)
        return try await withThrowingTaskGroup(of: (DownloadPart, String).self) { group in
            for part in parts {
                group.addTask {
                    var localPath: String?
                    for try await report in transfer(part, of: title) {
                        onProgress(part, report)
                        if case .finished(let path) = report { localPath = path }
                    }
                    try Task.checkCancellation()
                    guard let localPath else {
                        throw DownloadError("the transfer of the \(part.rawValue) ended before it was complete; try again")
                    }
                    return (part, localPath)
                }
            }
            var paths: [DownloadPart: String] = [:]
            for try await (part, path) in group { paths[part] = path }
            return LocalCopy(video: paths[.video] ?? "", subtitles: paths[.subtitles])
        }
    }
}
