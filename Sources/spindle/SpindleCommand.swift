import ArgumentParser
import Catalog
import Spin
import SpindleApp
import Terminal
#if canImport(Glibc)
import Glibc
#endif

@main
struct SpindleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spindle",
        abstract: "Browse a catalog of titles from the keyboard, in the terminal.",
        discussion: "Runs on an embedded catalog of 5,000 titles unless --catalog names a JSON Lines file. Enter plays a title. Press ? in the app for every key.",
        version: "0.1.0"
    )

    @Option(name: .long, help: ArgumentHelp("A JSON Lines catalog, one title per line (see docs/catalog-format.md).", valueName: "file"))
    var catalog: String?

    // Numbers are read unconditionally, so that "--latency -5" is a negative number for
    // validate() to refuse, rather than a missing value followed by an unknown option.
    @Option(name: .long, parsing: .unconditional, help: "Titles per page.")
    var pageSize = 50

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long the catalog takes to answer a page, in milliseconds.", valueName: "ms"))
    var latency = 150

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The share of page loads that fail on purpose, from 0 to 1 (for demos).", valueName: "rate"))
    var failRate = 0.0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Run time N times faster: playback, countdowns, the HUD's auto-hide and the catalog's latency (demos).", valueName: "N"))
    var speed = 1

    @Flag(name: .long, help: "Leave the mouse to the terminal (its own selection); also SPINDLE_NO_MOUSE=1.")
    var noMouse = false

    @Flag(name: .long, help: "Show each key the terminal sends, decoded, instead of the browser.")
    var keyEcho = false

    @Option(name: .long, help: .hidden)
    var debugCrash: DebugCrash?

    /// Writes a generated catalog of this many titles to the --catalog file and exits (for
    /// benchmarks and demos).
    @Option(name: .long, help: .hidden)
    var generateCatalog: Int?

    /// Parses and runs; every error is one line in one style, "spindle: …", then where to
    /// look for help. --help and --version print as usual.
    static func main() {
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
            printError("spindle: \(text)\nSee 'spindle --help'.")
            Glibc.exit(code.rawValue)
        }
    }

    /// SPINDLE_NO_MOUSE set to anything but "" or "0".
    static var mouseRefusedByEnvironment: Bool {
        guard let value = getenv("SPINDLE_NO_MOUSE").map({ String(cString: $0) }) else { return false }
        return !value.isEmpty && value != "0"
    }

    func validate() throws {
        guard pageSize >= 1 else { throw ValidationError("--page-size must be at least 1.") }
        guard latency >= 0 else { throw ValidationError("--latency must be 0 or more milliseconds.") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1.") }
        guard (1...1000).contains(speed) else { throw ValidationError("--speed must be between 1 and 1000.") }
    }

    func run() throws {
        if let count = generateCatalog {
            guard let catalog else { throw ValidationError("--generate-catalog needs --catalog FILE to write.") }
            try JSONLinesCatalog.write(EmbeddedCatalog.titles(count: count), toFile: catalog)
            return
        }
        // The catalog is checked in full before the terminal is touched.
        let titles: [Title]
        if let catalog {
            do {
                titles = try JSONLinesCatalog(contentsOfFile: catalog).titles
            } catch {
                printError("spindle: \(error)")
                throw ExitCode.failure
            }
        } else {
            titles = EmbeddedCatalog.titles
        }

        let screen: TerminalScreen
        do {
            screen = try TerminalScreen(options: TerminalOptions(mouse: !noMouse && !Self.mouseRefusedByEnvironment))
        } catch {
            printError("spindle: \(error)")
            throw ExitCode.failure
        }
        defer { screen.stop() }

        if keyEcho {
            var demo = KeyEchoDemo(screen: screen, crash: debugCrash)
            demo.run()
            return
        }
        let effects = EffectThread(speed: speed)
        defer { effects.stop() }
        let provider = EmbeddedProvider(titles: titles, latency: .milliseconds(latency), failRate: failRate, clock: effects.clock)
        let app = SpindleApp(screen: screen, provider: provider, pageSize: pageSize, effects: effects)
        app.run()
    }
}

func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
