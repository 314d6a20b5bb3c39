import AppConfig
import ArgumentParser
import LibraryInterface

/// `spindle config`: the effective configuration, each value with where it came from; its file's
/// path (`--path`); a commented file of the defaults (`--default`).
struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the configuration: every setting, key and style, and where each came from.",
        discussion: """
            The file is $XDG_CONFIG_HOME/spindle/config.toml (~/.config/spindle/config.toml); see \
            docs/config.md. The command line wins over it; SPINDLE_MPV_ARGS, SPINDLE_NO_MOUSE and NO_COLOR too.
            """
    )

    @Flag(name: .long, help: "Print the file's path only.")
    var path = false

    @Flag(name: .customLong("default"), help: "Print a file with every setting at its default, commented out.")
    var defaultFile = false

    func validate() throws {
        guard !(path && defaultFile) else { throw ValidationError("--path and --default cannot be used together.") }
    }

    func run() throws {
        let environment = ProcessEnvironment.variables
        if path {
            guard let file = SpindleConfig.path(environment: environment) else {
                printError("spindle: neither XDG_CONFIG_HOME nor HOME is set: there is no configuration file")
                throw ExitCode.failure
            }
            return printLine(file)
        }
        if defaultFile { return printLine(SpindleConfig.defaultFile) }
        let config = SpindleConfig.load(environment: environment)
        for problem in config.problems { printError("spindle: \(problem)") }
        printLine(config.report)
    }
}
