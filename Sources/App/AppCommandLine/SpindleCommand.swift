import ArgumentParser
import Catalog
import Downloads
import MPV
import Player
import Spin
import AppCore
import Terminal
#if canImport(Glibc)
import Glibc
#endif

public struct SpindleCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "spindle",
        abstract: "Browse a catalog of titles from the keyboard, in the terminal.",
        usage: """
            spindle [options]                 the embedded catalog (or the last session's)
            spindle [options] FOLDER...       your media folders, scanned into the library
            spindle scan FOLDER...            scan into the library, without the browser
            spindle serve [FOLDER...] [--listen ADDR:PORT] [--token T]   serve the library over HTTP
            spindle --library [options]       the library, its folders scanned again
            spindle --catalog FILE [options]  a JSON Lines catalog
            spindle http://HOST:PORT [options]  the library of a spindle serve (also --server URL)
            """,
        discussion: "Runs on an embedded catalog of 5,000 titles unless given folders, --library, --catalog or a server. Enter plays a title. Press ? in the app for every key.",
        version: "0.1.0"
    )

    /// The library's part, which only `spindle-full` has (nil in `spindle`, which hands
    /// commands that need it to `spindle-full`).
    nonisolated(unsafe) static var libraryFeature: (any LibraryFeature)?

    /// Runs the command line; `spindle-full` passes its library.
    public static func launch(library: (any LibraryFeature)? = nil) -> Never {
        libraryFeature = library
        main()
        Glibc.exit(0)
    }

    public init() {}

    @Argument(help: ArgumentHelp("Media folders to scan into the library and browse (\"scan FOLDER...\": scan only).", valueName: "folder"))
    var folders: [String] = []

    @Flag(name: .long, help: "Browse the library of scanned folders, scanning them again in the background.")
    var library = false

    @Option(name: .long, help: ArgumentHelp("Browse the library of a spindle serve at this address.", valueName: "http://host:port"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("spindle serve: where to listen (default 127.0.0.1:8700; \"0.0.0.0:8700\" shares it).", valueName: "addr:port"))
    var listen: String?

    @Option(name: .long, help: ArgumentHelp("The server's token (else SPINDLE_TOKEN, else ~/.config/spindle/token); hidden from ps once read.", valueName: "token"))
    var token: String?

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

    @Option(name: .long, help: ArgumentHelp("Where mpv shows titles that have a video: window, none (sound only) or auto (a window when there is a display).", valueName: "mode"))
    var video: VideoMode = .auto

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("More options for mpv, separated by spaces, after Spindle's own (e.g. \"--vo=null --ao=null\"); also SPINDLE_MPV_ARGS.", valueName: "options"))
    var mpvArgs: String?

    @Option(name: .long, help: ArgumentHelp("Where downloaded titles are stored (default $XDG_DATA_HOME/spindle/downloads).", valueName: "dir"))
    var downloads: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How many titles download at once; the others wait in order.", valueName: "n"))
    var maxDownloads = 3

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The embedded catalog's simulated downloads: bytes per second (demos).", valueName: "bytes"))
    var downloadRate = 8_000_000

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The embedded catalog's simulated downloads: the share that fail, from 0 to 1 (demos).", valueName: "rate"))
    var downloadFailRate = 0.0

    @Flag(name: .long, help: "Leave the mouse to the terminal (its own selection); also SPINDLE_NO_MOUSE=1.")
    var noMouse = false

    @Flag(name: .long, help: "Start a new session: the saved one (of this catalog) is moved aside, not deleted.")
    var fresh = false

    @Option(name: .long, help: ArgumentHelp("Write this session's events, with their times, to a file (see --replay).", valueName: "file"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp("Play a file written by --record back, at its pace, and show where it ends (q stops). The saved session is left alone.", valueName: "file"))
    var replay: String?

    @Flag(name: .long, help: "Show each key the terminal sends, decoded, instead of the browser.")
    var keyEcho = false

    @Option(name: .long, help: .hidden)
    var debugCrash: DebugCrash?

    /// Writes a generated catalog of this many titles to the --catalog file and exits (for
    /// benchmarks and demos).
    @Option(name: .long, help: .hidden)
    var generateCatalog: Int?

    /// Writes this many generated titles into the library and exits (for benchmarks).
    @Option(name: .long, help: .hidden)
    var generateLibrary: Int?

    /// Parses and runs; every error is one line in one style, "spindle: …", then where to
    /// look for help. --help and --version print as usual.
    public static func main() {
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

    public func validate() throws {
        guard pageSize >= 1 else { throw ValidationError("--page-size must be at least 1.") }
        guard latency >= 0 else { throw ValidationError("--latency must be 0 or more milliseconds.") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1.") }
        guard (1...1000).contains(speed) else { throw ValidationError("--speed must be between 1 and 1000.") }
        guard (1...16).contains(maxDownloads) else { throw ValidationError("--max-downloads must be between 1 and 16.") }
        guard downloadRate >= 1 else { throw ValidationError("--download-rate must be at least 1 byte per second.") }
        guard (0...1).contains(downloadFailRate) else { throw ValidationError("--download-fail-rate must be between 0 and 1.") }
        guard replay == nil || record == nil else { throw ValidationError("--record and --replay cannot be used together.") }
        let sources = [!folders.isEmpty, library, catalog != nil, server != nil].filter { $0 }.count
        guard sources <= 1 else { throw ValidationError("choose one of FOLDER..., --library, --catalog and --server.") }
        if folders.count > 1, folders.contains(where: Self.isServerAddress) {
            throw ValidationError("a server's address comes alone, not with folders.")
        }
        guard !(folders.first == "scan" && folders.count == 1) else { throw ValidationError("scan needs at least one FOLDER.") }
    }

    /// The library's part: in `spindle-full`, its own; in `spindle`, `spindle-full` is started
    /// in this process's place (the terminal untouched so far), with the same arguments.
    func libraryFeatureOrHandOver() throws -> any LibraryFeature {
        if let feature = Self.libraryFeature { return feature }
        try FullBinary.execute(arguments: CommandLine.arguments)
    }

    public func run() throws {
        if let count = generateCatalog {
            guard let catalog else { throw ValidationError("--generate-catalog needs --catalog FILE to write.") }
            try JSONLinesCatalog.write(EmbeddedCatalog.titles(count: count), toFile: catalog)
            return
        }
        if let count = generateLibrary {
            let feature = try libraryFeatureOrHandOver()
            try blockingRun { try await feature.generate(titles: count, environment: ProcessEnvironment.variables) }
            return
        }
        if folders.first == "serve" {
            let feature = try libraryFeatureOrHandOver()
            let folders = Array(self.folders.dropFirst()).map(absolutePath)
            let (listen, token) = (self.listen, self.token)
            let status = blockingRun {
                await feature.serve(folders: folders, listen: listen, token: token, environment: ProcessEnvironment.variables)
            }
            if status != 0 { throw ExitCode(status) }
            return
        }
        if folders.first == "scan" {
            let feature = try libraryFeatureOrHandOver()
            let folders = Array(self.folders.dropFirst()).map(absolutePath)
            let status = blockingRun { await feature.scan(folders: folders, environment: ProcessEnvironment.variables) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        // The catalog is checked in full before the terminal is touched.
        let recording = try replay.map(loadRecording)
        if let record {
            // Checked before the terminal is touched, like the catalog: the recorder itself
            // cannot report an error once the app runs.
            let fd = open(record, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                printError("spindle: \(record): cannot be written (\(String(cString: strerror(errno))))")
                throw ExitCode.failure
            }
            close(fd)
        }
        let sessions = SessionStore(environment: ProcessEnvironment.variables)
        var notices: [String] = []
        let source = recording == nil && !keyEcho ? chooseSource(sessions, notices: &notices) : nil
        // A library or a catalog file is opened (and a catalog imported) before the terminal is
        // touched, so that its errors are plain lines on a plain terminal.
        var opened: OpenedLibrary?
        if let source {
            let feature = try libraryFeatureOrHandOver()
            do {
                opened = try blockingRun { try await feature.open(source, environment: ProcessEnvironment.variables) }
            } catch {
                printError("spindle: \(error)")
                throw ExitCode.failure
            }
            notices += opened?.notices ?? []
        }
        let catalogPath = opened?.sessionKey

        let screen: TerminalScreen
        do {
            screen = try TerminalScreen(options: TerminalOptions(mouse: !noMouse && !Self.mouseRefusedByEnvironment))
        } catch {
            printError("spindle: \(error)")
            throw ExitCode.failure
        }
        // Notices are for after the terminal is given back, one line each.
        defer { for notice in notices { printError("spindle: \(notice)") } }
        defer { screen.stop() }

        if keyEcho {
            var demo = KeyEchoDemo(screen: screen, crash: debugCrash)
            demo.run()
            return
        }
        let effects = EffectThread(speed: speed)
        defer { effects.stop() }
        if let recording {
            SpindleApp(screen: screen, replaying: recording, effects: effects).run()
            return
        }
        let provider: any PageProvider = opened?.provider ?? EmbeddedProvider(
            // The key echo shows no catalog; the embedded one's titles are made as pages ask for
            // them, all 5,000 only for the first search.
            index: SearchIndex(count: EmbeddedCatalog.defaultCount, title: EmbeddedCatalog.title(at:)),
            latency: .milliseconds(latency), failRate: failRate, clock: effects.clock)
        var feedbacks: [Feedback<AppState, AppEvent>] = opened?.feedbacks ?? []
        var initialState: AppState?
        var journal: Journal<AppState, AppEvent>?
        let claim = sessions?.claim(catalog: catalogPath)
        if claim == .busy {
            notices.append("another spindle is using this catalog's session: this one is not saved")
        } else if case .unavailable(let reason) = claim {
            notices.append("this session is not saved: \(reason)")
        } else if let sessions {
            let session = AppSession.start(store: sessions, catalog: catalogPath, fresh: fresh, pageSize: pageSize,
                                           size: screen.size)
            notices += session.notices
            initialState = session.state
            feedbacks.append(session.feedback())
            do {
                try sessions.rememberCatalog(catalogPath)
            } catch {
                notices.append("the session's catalog could not be remembered: \(error)")
            }
            journal = session.journal
        } else {
            notices.append("neither XDG_STATE_HOME nor HOME is set: this session is not saved")
        }
        if let record { feedbacks.append(Recording<AppState, AppEvent>.recorder(toFile: record)) }
        // Titles with a video play in mpv, the others (the embedded catalog's) in the simulation.
        let mpv = MPVEngine(options: MPVOptions(video: video.mpv, extraArguments: mpvArguments,
                                                httpHeaders: opened?.httpHeaders ?? [:]))
        let downloads = appDownloads(opened: opened, sessions: claim == .claimed ? sessions : nil, catalog: catalogPath,
                                     notices: &notices)
        let app = SpindleApp(screen: screen, provider: provider, pageSize: pageSize, effects: effects,
                             engine: MediaRouter(real: mpv), initialState: initialState, session: feedbacks,
                             downloads: downloads)
        app.run()
        // No mpv outlives the app: the player's effects close theirs as the spin stops; wait for that.
        mpv.closeAll()
        if let failure = journal?.failure { notices.append("this session was not saved: \(failure)") }
    }

    /// Whether a command-line word is a server's address rather than a folder.
    static func isServerAddress(_ text: String) -> Bool {
        text.hasPrefix("http://") || text.hasPrefix("https://")
    }

    /// --mpv-args, or SPINDLE_MPV_ARGS, split at spaces.
    var mpvArguments: [String] {
        let text = mpvArgs ?? getenv("SPINDLE_MPV_ARGS").map { String(cString: $0) } ?? ""
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// What to browse: the folders given, the library, --catalog, or (unless --fresh) the last
    /// session's if its file is still there; nil for the embedded catalog. Paths are made
    /// absolute: sessions are kept per catalog (a library's key is its database's path).
    func chooseSource(_ sessions: SessionStore?, notices: inout [String]) -> LibrarySource? {
        if let server { return .server(server, token: token) }
        if let address = folders.first, Self.isServerAddress(address) { return .server(address, token: token) }
        if !folders.isEmpty { return .folders(folders.map(absolutePath)) }
        if library { return .folders([]) }
        if let catalog { return .catalogFile(absolutePath(catalog)) }
        guard !fresh, let last = sessions?.lastCatalog(), let path = last else { return nil }
        if Self.isServerAddress(path) { return .server(path, token: token) }
        guard access(path, R_OK) == 0 else {
            notices.append("the last session's catalog \(path) is gone; this is the embedded catalog")
            return nil
        }
        return path.hasSuffix(".sqlite") ? .folders([]) : .catalogFile(path)
    }

    func loadRecording(_ path: String) throws -> Recording<AppState, AppEvent> {
        do {
            return try Recording<AppState, AppEvent>.load(fromFile: path)
        } catch {
            printError("spindle: \(error)")
            throw ExitCode.failure
        }
    }
}

/// `--video`: where mpv shows the picture.
enum VideoMode: String, ExpressibleByArgument, CaseIterable {
    case auto, window, none

    var mpv: MPVOptions.Video {
        switch self {
        case .auto: .auto
        case .window: .window
        case .none: .none
        }
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

package func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
