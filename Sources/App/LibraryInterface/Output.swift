#if canImport(Glibc)
import Glibc
#endif
import Terminal

/// Writes `message` and a line break to standard error, made inert (`inert`): messages hold
/// paths, server answers and file contents, none of which may reach the terminal as an escape
/// sequence.
package func printError(_ message: String) {
    writeError(inert(message) + "\n")
}

/// Writes `text` to standard error as it is, for text the caller made inert or wrote itself (a
/// progress line's carriage returns).
package func writeError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// Writes `line` and a line break to standard output, made inert (`inert`): what a command
/// prints for a script to read (`spindle folders`).
package func printLine(_ line: String) {
    var text = inert(line) + "\n"
    text.withUTF8 { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
}

/// `text` as the screen draws a title: every control character (ESC, BEL, C1, bidirectional
/// overrides…) replaced by its visible placeholder, but for the line breaks between lines.
///
///     inert("/tmp/evil\u{1B}]2;PWNED\u{07}.jsonl")   // "/tmp/evil␛]2;PWNED␇.jsonl"
package func inert(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(DisplayText.sanitized).joined(separator: "\n")
}
