import MediaScan

/// Brings what the library holds of a folder up to date with the folder: files that are new
/// or whose size or modification time changed are probed (a few at a time), then stored in
/// batches, one transaction each, so a scan that is stopped keeps what it stored; files that
/// are gone are removed once the walk has finished (never after a walk that failed or was
/// cancelled). Unchanged files are not probed again.
///
/// The files come from any async sequence of `MediaFile` (the folder walker's); progress is
/// reported after each stored batch and every `reportEvery` files otherwise.
///
///     let scan = LibraryScan(database: database, prober: FFProbe())
///     let result = try await scan.run(root: "/media/films", files: walker.files(under: "/media/films")) {
///         status = "scanning \($0.done) / \($0.total)"
///     }
package struct LibraryScan: Sendable {
    package let database: LibraryDatabase
    package let prober: any MediaProber
    /// How many probes run at once.
    package let concurrency: Int
    /// How many probed files are stored per transaction.
    package let batchSize: Int
    /// How many unchanged files between two progress reports.
    package let reportEvery: Int

    package init(
        database: LibraryDatabase, prober: any MediaProber,
        concurrency: Int = 3, batchSize: Int = 100, reportEvery: Int = 500
    ) {
        self.database = database
        self.prober = prober
        self.concurrency = max(1, concurrency)
        self.batchSize = max(1, batchSize)
        self.reportEvery = max(1, reportEvery)
    }

    /// Scans the files under `root` that `files` yields; returns the last progress.
    @discardableResult
    package func run<Files: AsyncSequence & Sendable>(
        root: String, files: Files, progress: @escaping @Sendable (ScanProgress) -> Void = { _ in }
    ) async throws -> ScanProgress where Files.Element == MediaFile {
        let known = try await database.knownFiles(under: root)
        var state = ScanProgress()
        var seen = Set<String>()
        var batch: [ProbedFile] = []
        let prober = self.prober

        func flush() async throws {
            guard !batch.isEmpty else { return }
            try await database.store(batch, root: root)
            state.done += batch.count
            batch.removeAll(keepingCapacity: true)
            progress(state)
        }
        func take(_ probed: ProbedFile) async throws {
            state.new += 1
            if case .failure = probed.facts { state.failed += 1 }
            batch.append(probed)
            if batch.count >= batchSize { try await flush() }
        }

        do {
            try await withThrowingTaskGroup(of: ProbedFile.self) { group in
                var running = 0
                var walkError: (any Error)?
                do {
                    for try await file in files {
                        state.total += 1
                        seen.insert(file.path)
                        if known[file.path] == FileStamp(size: file.size, modified: file.modified) {
                            state.done += 1
                            if state.done % reportEvery == 0 { progress(state) }
                            continue
                        }
                        if running >= concurrency, let probed = try await group.next() {
                            running -= 1
                            try await take(probed)
                        }
                        group.addTask { try await Self.probe(file, with: prober) }
                        running += 1
                    }
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    walkError = error  // the probes under way still finish and are stored
                }
                state.isWalking = false
                progress(state)
                while let probed = try await group.next() {
                    try await take(probed)
                }
                if let walkError {
                    try await flush()
                    throw walkError
                }
            }
            try await flush()
        } catch {
            // What was probed is kept, even when the scan is being cancelled.
            try? database.storeNow(batch, root: root)
            throw error
        }
        state.removed = try await database.removeMissing(under: root, keeping: seen)
        progress(state)
        return state
    }

    /// The facts of `file`, or the error that says why there are none (cancellation is thrown).
    private static func probe(_ file: MediaFile, with prober: any MediaProber) async throws -> ProbedFile {
        do {
            return ProbedFile(file: file, facts: .success(try await prober.probe(file)))
        } catch let error as MediaProbeError {
            return ProbedFile(file: file, facts: .failure(error))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            return ProbedFile(file: file, facts: .failure(MediaProbeError(String(describing: error))))
        }
    }
}
