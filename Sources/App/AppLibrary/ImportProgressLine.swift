import Library
import LibraryInterface
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What a first import of a catalog prints on standard error before the terminal is drawn.
/// Half a second in (`show`), a line says what is happening; on a terminal a second line then
/// follows the import, written again in place ("  41% read (412,000 lines)", "  building index
/// 3 of 8", "  building the search index", "  saving"), so a wait of seconds is never a still
/// screen. Elsewhere (a log, a pipe) the first line is all. An import done in under half a
/// second prints nothing.
///
///     let line = ImportProgressLine(header: "spindle: importing …")
///     try await LibraryImport.importCatalog(path: path, into: database, progress: line.report)
///     line.finish()
final class ImportProgressLine: Sendable {
    private struct State {
        var isShown = false
        var isFinished = false
        var latest: ImportProgress?
        /// The progress text on the screen now ("" for none).
        var written = ""
    }

    private let header: String
    private let inPlace: Bool
    private let write: @Sendable (String) -> Void
    private let state = Mutex(State())

    init(header: String, inPlace: Bool = isatty(STDERR_FILENO) == 1,
         write: @escaping @Sendable (String) -> Void = { writeError($0) }) {
        self.header = header
        self.inPlace = inPlace
        self.write = write
    }

    /// Prints the header line, then the progress so far.
    func show() {
        state.withLock { state in
            guard !state.isShown, !state.isFinished else { return }
            state.isShown = true
            write(inert(header) + "\n")
            if let latest = state.latest { draw(latest, &state) }
        }
    }

    /// Called on the import's threads at each step.
    func report(_ progress: ImportProgress) {
        state.withLock { state in
            state.latest = progress
            guard state.isShown, !state.isFinished else { return }
            draw(progress, &state)
        }
    }

    /// Ends the progress line; nothing is printed after.
    func finish() {
        state.withLock { state in
            guard !state.isFinished else { return }
            state.isFinished = true
            if !state.written.isEmpty { write("\n") }
        }
    }

    private func draw(_ progress: ImportProgress, _ state: inout State) {
        guard inPlace else { return }
        let text = progress.text
        guard text != state.written else { return }
        // Spaces over what is left of a longer line before.
        let padding = String(repeating: " ", count: max(0, state.written.count - text.count))
        write("\r  " + text + padding)
        state.written = text
    }
}
