import LibraryInterface
import AppCore
#if canImport(Glibc)
import Glibc
#endif

/// `spindle scan`'s progress on standard error: one line rewritten in place on a terminal (the
/// files, then the posters made after them), a line every 1,000 files otherwise (a log), and a
/// summary at the end.
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
        if !status.isFinished, let text = status.summary {
            if isTerminal {
                write("\r\u{1B}[K" + inert(text))
            } else if status.done >= lastLogged + logsEvery {
                lastLogged = status.done
                write(inert(text) + "\n")
            }
            return
        }
        if isTerminal, let pictures = status.pictures, pictures.done < pictures.total {
            write("\r\u{1B}[Kposters \(Formatting.count(pictures.done)) / \(Formatting.count(pictures.total))")
        }
    }

    /// How many unreadable files the summary lists, one line each, before "and N more".
    static let unreadableLines = 20

    /// Prints the summary of the last status shown, and returns that status.
    ///
    /// `unreadable` is what the library holds of the scanned folders' files that could not be
    /// read (the first `unreadableLines` of them, and how many in all): the summary counts them
    /// and lists each, its path and its error on one line, made inert.
    @discardableResult
    func finish(unreadable: (first: [(path: String, problem: String)], count: Int) = ([], 0)) -> ScanStatus {
        var status = last
        status.failed = max(status.failed, unreadable.count)
        if isTerminal { write("\r\u{1B}[K") }
        var text = "scanned " + Formatting.count(status.total, "media file", "media files")
        if status.failed > 0 { text += ", \(Formatting.count(status.failed)) could not be read" + (unreadable.first.isEmpty ? "" : ":") }
        write(text + "\n")
        for file in unreadable.first.prefix(Self.unreadableLines) {
            write("  " + Self.oneLine(file.path) + ": " + Self.oneLine(file.problem) + "\n")
        }
        let listed = min(unreadable.first.count, Self.unreadableLines)
        if listed > 0, status.failed > listed { write("  and \(Formatting.count(status.failed - listed)) more\n") }
        // The posters made after the scan are told only when a picture file could not be read.
        if let pictures = status.pictures, pictures.failed > 0 {
            write(Formatting.count(pictures.failed, "picture file", "picture files") + " could not be read:\n")
            for problem in pictures.lines { write("  " + Self.oneLine(problem) + "\n") }
            if pictures.failed > pictures.lines.count { write("  and \(Formatting.count(pictures.failed - pictures.lines.count)) more\n") }
        }
        if let problem = status.problem { write("spindle: \(inert(problem))\n") }
        if let skipped = status.skipped { write("spindle: \(inert(skipped))\n") }
        return status
    }

    /// `text` inert and on one line: its line breaks shown as the screen shows them (␊).
    private static func oneLine(_ text: String) -> String {
        inert(text).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\u{240A}")
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
