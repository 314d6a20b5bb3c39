import ArgumentParser
import AppCore
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// `spindle`: the root of the command line. Its subcommands are the verbs; `browse` is the
/// default, so `spindle`, `spindle ~/Videos` and `spindle http://host:8700` browse.
///
///     SpindleCommand.launch(library: SQLiteLibraryFeature())   // spindle-full's main
package struct SpindleCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "spindle",
        abstract: "Browse and play a media library from the keyboard, in the terminal.",
        discussion: """
            With no subcommand, spindle browses: the embedded catalog (or the last session's), \
            media folders (spindle FOLDER...), a JSON Lines catalog (--catalog FILE) or a \
            spindle serve (spindle http://HOST:PORT). See 'spindle browse --help' for its options, \
            and press ? in the app for every key.
            """,
        version: "0.1.0",
        subcommands: [Browse.self, Scan.self, Folders.self, Serve.self, Config.self],
        defaultSubcommand: Browse.self
    )

    /// The library's part, which only `spindle-full` has (nil in `spindle`, which hands the
    /// commands that need it to `spindle-full`). Set for the run by `launch(library:)`.
    @TaskLocal static var libraryFeature: (any LibraryFeature)?

    package init() {}

    /// Runs the command line; `spindle-full` passes its library.
    package static func launch(library: (any LibraryFeature)? = nil) -> Never {
        $libraryFeature.withValue(library) { runCommandLine() }
        Glibc.exit(0)
    }

    /// Narrows Spindle's folders (`SpindleHome.narrowFolders`), then parses and runs; every
    /// error is one line in one style, "spindle: …", then where to look for help. --help and
    /// --version print as usual.
    static func runCommandLine() {
        for warning in SpindleHome.narrowFolders(environment: ProcessEnvironment.variables) { printError(warning) }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode { exit(withError: error) }
            var text = message(for: error)
            // ArgumentParser's own messages start with a capital; ours, like the rest, do not.
            if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
                text = first.lowercased() + text.dropFirst()
            }
            printError("spindle: \(text)\nSee '\(helpCommand) --help'.")
            Glibc.exit(code.rawValue)
        }
    }

    /// Where help for this command line is: the subcommand's own, when one was named.
    static var helpCommand: String {
        let arguments = CommandLine.arguments.dropFirst()
        let names = configuration.subcommands.map { $0._commandName }
        guard let first = arguments.first, names.contains(first) else { return "spindle" }
        return "spindle " + first
    }

    /// The library's part: in `spindle-full`, its own; in `spindle`, `spindle-full` is started
    /// in this process's place (the terminal untouched so far), with the same arguments.
    static func libraryFeatureOrHandOver() throws -> any LibraryFeature {
        if let feature = libraryFeature { return feature }
        try FullBinary.execute(arguments: CommandLine.arguments)
    }
}

/// `path` from the root: as given if it starts with "/", else under the working directory.
func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The process's environment variables.
enum ProcessEnvironment {
    static var variables: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }
}

/// Writes `message` and a line break to standard error, made inert (`inert`): messages hold
/// paths, server answers and file contents, none of which may reach the terminal as an escape
/// sequence.
package func printError(_ message: String) {
    var line = inert(message) + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
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
