import ArgumentParser
import AppCore
import Terminal
#if canImport(Glibc)
import Glibc
import LibraryInterface
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

    package init() {}

    /// Runs the command line; `spindle-full` passes its library (`spindle` has none, and hands
    /// the commands that need it to `spindle-full`).
    package static func launch(library: (any LibraryFeature)? = nil) -> Never {
        runCommandLine(library: LibraryAccess(feature: library))
        Glibc.exit(0)
    }

    /// Narrows Spindle's folders (`SpindleHome.narrowFolders`), then parses and runs; every
    /// error is one line in one style, "spindle: …", then where to look for help. --help and
    /// --version print as usual.
    static func runCommandLine(library: LibraryAccess) {
        for warning in SpindleHome.narrowFolders(environment: ProcessEnvironment.variables) { printError(warning) }
        do {
            var command = try parseAsRoot()
            if let needsLibrary = command as? any LibraryCommand {
                try needsLibrary.run(library: library)
            } else {
                try command.run()
            }
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

}

/// How the commands reach the library's part: `spindle-full`'s own, passed to
/// `SpindleCommand.launch(library:)` and from there to each command that needs it.
package struct LibraryAccess: Sendable {
    let given: (any LibraryFeature)?

    package init(feature: (any LibraryFeature)?) {
        given = feature
    }

    /// The library's part: in `spindle-full`, its own; in `spindle`, `spindle-full` is started
    /// in this process's place (the terminal untouched so far), with the same arguments.
    func feature() throws -> any LibraryFeature {
        if let given { return given }
        try FullBinary.execute(arguments: CommandLine.arguments)
    }
}

/// A command that may need the library: the command line runs it with the access it was given.
protocol LibraryCommand: ParsableCommand {
    func run(library: LibraryAccess) throws
}

extension LibraryCommand {
    /// Run without an access given, as `spindle` runs it: what needs the library is handed to
    /// `spindle-full`.
    func run() throws {
        try run(library: LibraryAccess(feature: nil))
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

