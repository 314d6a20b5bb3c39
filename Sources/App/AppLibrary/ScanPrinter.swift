import AppCommandLine
import AppCore
#if canImport(Glibc)
import Glibc
#endif

/// `spindle scan`'s progress on standard error: one line rewritten in place on a terminal, a
/// line every 1,000 files otherwise (a log), and a summary at the end.
final class ScanPrinter: @unchecked Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastLogged = 0
    private var last = ScanStatus()
    private let logsEvery: Int

    /// - Parameter logsEvery: how many files between two lines when standard error is no terminal.
    init(logsEvery: Int = 1_000) {
        self.logsEvery = logsEvery
    }

    func show(_ status: ScanStatus) {
        last = status
        guard !status.isFinished, let text = status.summary else { return }
        if isTerminal {
            write("\r\u{1B}[K" + inert(text))
        } else if status.done >= lastLogged + logsEvery {
            lastLogged = status.done
            write(inert(text) + "\n")
        }
    }

    /// Prints the summary of the last status shown, and returns that status.
    @discardableResult
    func finish() -> ScanStatus {
        let status = last
        if isTerminal { write("\r\u{1B}[K") }
        var text = "scanned " + Formatting.count(status.total, "media file", "media files")
        if status.failed > 0 { text += ", \(Formatting.count(status.failed)) could not be read (listed with their error)" }
        write(text + "\n")
        if let problem = status.problem { write("spindle: \(inert(problem))\n") }
        if let skipped = status.skipped { write("spindle: \(inert(skipped))\n") }
        return status
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
