import ArgumentParser
import Terminal
#if canImport(Glibc)
import Glibc
#endif

@main
struct SpindleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spindle",
        abstract: "A keyboard-driven catalog browser and player for the terminal.",
        version: "0.1.0"
    )

    @Flag(name: .long, help: "Show each key the terminal sends, decoded.")
    var keyEcho = false

    @Option(name: .long, help: .hidden)
    var debugCrash: DebugCrash?

    func run() throws {
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen()
        } catch {
            printError("spindle: \(error)")
            throw ExitCode.failure
        }
        defer { screen.stop() }
        var demo = KeyEchoDemo(screen: screen, crash: debugCrash)
        demo.run()
    }
}

func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
