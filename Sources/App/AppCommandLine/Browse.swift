import ArgumentParser
import AppConfig
import AppCore
import Browser
import Catalog
import CatalogFile
import MPV
import Player
import Spin
import SpinJournal
import Terminal
#if canImport(Glibc)
import Glibc
import LibraryInterface
#endif

/// `spindle [browse]`: the browser and player, on the embedded catalog, media folders, a JSON
/// Lines catalog or a `spindle serve`. The default subcommand.
struct Browse: LibraryCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse and play titles (the default: `spindle` alone browses).",
        usage: """
            spindle [options]                   the embedded catalog (or the last session's)
            spindle [options] FOLDER...         your media folders, scanned into the library
            spindle --library [options]         the library, its folders scanned again
            spindle --catalog FILE [options]    a JSON Lines catalog
            spindle http://HOST:PORT [options]  the library of a spindle serve (also --server URL)
            """,
        discussion: "Runs on an embedded catalog of 5,000 titles unless given folders, --library, --catalog or a server. Enter plays a title. Press ? in the app for every key."
    )

    @Argument(help: ArgumentHelp("Media folders to scan into the library and browse, or a server's http://HOST:PORT.", valueName: "folder"))
    var folders: [String] = []

    @Flag(name: .long, help: "Browse the library of scanned folders, scanning them again in the background.")
    var library = false

    @Option(name: .long, help: ArgumentHelp("Browse the library of a spindle serve at this address.", valueName: "http://host:port"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("The server's token (else SPINDLE_TOKEN, else ~/.config/spindle/token); hidden from ps once read.", valueName: "token"))
    var token: String?

    @Option(name: .long, help: ArgumentHelp("A JSON Lines catalog, one title per line (see docs/catalog-format.md).", valueName: "file"))
    var catalog: String?

    // Numbers are read unconditionally, so that "--latency -5" is a negative number for
    // validate() to refuse, rather than a missing value followed by an unknown option.
    @Option(name: .customLong("page-size"), parsing: .unconditional, help: "Titles per page (default 50).")
    var pageSizeOption: Int?
    var pageSize: Int { pageSizeOption ?? 50 }

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "The most titles the list keeps loaded (default 5000): pages far from the selection are let go of, and read again when it comes back. A new session's; a resumed one keeps its own.",
        valueName: "n"))
    var maxLoaded = ListState.defaultMaximumLoaded

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How long the catalog takes to answer a page, in milliseconds.", valueName: "ms"))
    var latency = 150

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The share of page loads that fail on purpose, from 0 to 1 (for demos).", valueName: "rate"))
    var failRate = 0.0

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Run time N times faster: playback, countdowns, the HUD's auto-hide and the catalog's latency (demos).", valueName: "N"))
    var speed = 1

    @Option(name: .customLong("video"), help: ArgumentHelp("Where mpv shows titles that have a video: window, none (sound only) or auto (a window when there is a display; the default).", valueName: "mode"))
    var videoOption: VideoMode?
    var video: VideoMode { videoOption ?? .auto }

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("More options for mpv, separated by spaces, after Spindle's own (e.g. \"--vo=null --ao=null\"); also SPINDLE_MPV_ARGS.", valueName: "options"))
    var mpvArgs: String?

    @Option(name: .long, help: ArgumentHelp("Where downloaded titles are stored (default $XDG_DATA_HOME/spindle/downloads).", valueName: "dir"))
    var downloads: String?

    @Option(name: .customLong("max-downloads"), parsing: .unconditional, help: ArgumentHelp("How many titles download at once (default 3); the others wait in order.", valueName: "n"))
    var maxDownloadsOption: Int?
    var maxDownloads: Int { maxDownloadsOption ?? 3 }

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The embedded catalog's simulated downloads: bytes per second (demos).", valueName: "bytes"))
    var downloadRate = 8_000_000

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The embedded catalog's simulated downloads: the share that fail, from 0 to 1 (demos).", valueName: "rate"))
    var downloadFailRate = 0.0

    @Option(name: .long, help: ArgumentHelp("How a library's posters are drawn: auto (kitty graphics, sixel, half blocks in direct colour, else half blocks, as the terminal can), kitty, sixel, truecolor, blocks or off.", valueName: "way"))
    var pictures: String?

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

    func validate() throws {
        guard pageSize >= 1 else { throw ValidationError("--page-size must be at least 1.") }
        guard maxLoaded >= 10 else { throw ValidationError("--max-loaded must be at least 10 titles.") }
        guard latency >= 0 else { throw ValidationError("--latency must be 0 or more milliseconds.") }
        guard (0...1).contains(failRate) else { throw ValidationError("--fail-rate must be between 0 and 1.") }
        guard (1...1000).contains(speed) else { throw ValidationError("--speed must be between 1 and 1000.") }
        guard (1...16).contains(maxDownloads) else { throw ValidationError("--max-downloads must be between 1 and 16.") }
        guard downloadRate >= 1 else { throw ValidationError("--download-rate must be at least 1 byte per second.") }
        if let pictures, !["auto", "kitty", "sixel", "truecolor", "blocks", "off"].contains(pictures) {
            throw ValidationError("--pictures must be auto, kitty, sixel, truecolor, blocks or off.")
        }
        guard (0...1).contains(downloadFailRate) else { throw ValidationError("--download-fail-rate must be between 0 and 1.") }
        guard replay == nil || record == nil else { throw ValidationError("--record and --replay cannot be used together.") }
        let sources = [!folders.isEmpty, library, catalog != nil, server != nil].filter { $0 }.count
        guard sources <= 1 else { throw ValidationError("choose one of FOLDER..., --library, --catalog and --server.") }
        if folders.count > 1, folders.contains(where: Self.isServerAddress) {
            throw ValidationError("a server's address comes alone, not with folders.")
        }
    }

    /// The configuration file under the command line: what the command line leaves out, the file
    /// (or the environment) says. Its mistakes are told just before the screen opens.
    func run(library: LibraryAccess) throws {
        let config = SpindleConfig.load(environment: ProcessEnvironment.variables)
        try settled(by: config).run(config: config, library: library)
    }

    func run(config: SpindleConfig, library: LibraryAccess) throws {
        if try generate(library: library) { return }
        // The recording, the record file and the catalog are checked in full before the
        // terminal is touched, so that their errors are plain lines on a plain terminal.
        let recording = try replay.map(loadRecording)
        try checkRecordFile()
        let sessions = SessionStore(environment: ProcessEnvironment.variables)
        let one = recording == nil && !keyEcho ? oneTitle() : nil
        let (source, chosenNotice) = recording == nil && !keyEcho && one == nil ? chooseSource(sessions) : (nil, nil)
        var opened: OpenedLibrary?
        var sourceNotice = chosenNotice
        if let chosen = source {
            // The last session's library, reopened by `spindle` alone, that no longer opens (a
            // server whose token is not at hand, a catalog that no longer imports) gives way to
            // the embedded catalog with one line; its session stays saved for when it opens again.
            do {
                opened = try openLibrary(chosen, reopening: !namesASource, library: library)
            } catch let failure as ReopenFailure {
                sourceNotice = "the last session's library \(failure.place) does not open (\(failure.reason)); this is the embedded catalog"
            }
        }
        // After the library's hand-over to spindle-full, which reads the file again and tells them.
        for problem in config.problems { printError("spindle: \(problem)") }
        var preferences = config.preferences
        // Pictures are a library's (spindle-full's: this machine's files, or a server's, which
        // makes them): settled before the screen opens, since auto may ask the terminal what it
        // can draw.
        if opened != nil, let feature = try? library.feature() {
            preferences.art = feature.pictures(pictures ?? "auto", environment: ProcessEnvironment.variables)
        }
        // Keys typed during an import were typed at its message: the list does not take them.
        if opened?.madeTheUserWait == true, isatty(STDIN_FILENO) == 1 { tcflush(STDIN_FILENO, TCIFLUSH) }
        let screen = try openScreen()
        var notices = [sourceNotice].compactMap { $0 } + (opened?.notices ?? [])
        // Notices are for after the terminal is given back, one line each.
        // Paths and servers' words in them are cleaned: no escape sequence reaches the terminal.
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
            SpindleApp(screen: screen, replaying: recording, effects: effects, preferences: preferences).run()
            return
        }
        if let one {
            notices += playOneTitle(one.provider, titleID: one.titleID, on: screen, effects: effects, preferences: preferences)
            return
        }
        notices += browse(on: screen, opened: opened, sessions: sessions, effects: effects, preferences: preferences)
    }

    // MARK: The steps of a run

    /// `--generate-catalog` and `--generate-library` (benchmarks, demos): whether one ran.
    func generate(library: LibraryAccess) throws -> Bool {
        if let count = generateCatalog {
            guard let catalog else { throw ValidationError("--generate-catalog needs --catalog FILE to write.") }
            try JSONLinesCatalog.write(EmbeddedCatalog.titles(count: count), toFile: catalog)
            return true
        }
        if let count = generateLibrary {
            let feature = try library.feature()
            try blockingRun { try await feature.generate(titles: count, environment: ProcessEnvironment.variables) }
            return true
        }
        return false
    }

    /// `--record FILE` must be writable before the app runs: the recorder cannot report an
    /// error once it does. It is a regular file, private (0600): it holds the session; a FIFO
    /// there is refused without waiting for a reader.
    func checkRecordFile() throws {
        guard let record else { return }
        let fd = open(record, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            printError("spindle: \(record): cannot be written (\(String(cString: strerror(errno))))")
            throw ExitCode.failure
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            printError("spindle: \(record): cannot be written (not a regular file)")
            throw ExitCode.failure
        }
    }

    /// Whether the command line names what to browse (else `spindle` alone reopens the last
    /// session's library).
    var namesASource: Bool { server != nil || !folders.isEmpty || library || catalog != nil }

    /// Opens a library, a catalog file (imported on first use) or a server: in `spindle`, by
    /// handing the whole command to `spindle-full`. A library named on the command line that
    /// does not open ends the command with its error; one being reopened throws `ReopenFailure`.
    func openLibrary(_ source: LibrarySource, reopening: Bool, library: LibraryAccess) throws -> OpenedLibrary {
        let feature = try library.feature()
        do {
            return try blockingRun { try await feature.open(source, environment: ProcessEnvironment.variables) }
        } catch is CancellationError {
            // Ctrl+C during a catalog's import (`ImportInterruption`): 130, as for SIGINT.
            printError(importInterruptedMessage)
            throw ExitCode(130)
        } catch where reopening {
            throw ReopenFailure(place: source.place, reason: "\(error)")
        } catch {
            printError("spindle: \(error)")
            throw ExitCode.failure
        }
    }

    func openScreen() throws -> TerminalScreen {
        do {
            return try TerminalScreen(options: TerminalOptions(mouse: !noMouse && !Self.mouseRefusedByEnvironment))
        } catch {
            printError("spindle: \(error)")
            throw ExitCode.failure
        }
    }

    /// The app, until the user quits: its session (restored and journaled when this process
    /// may own it), its downloads and its player. Returns what to tell the user afterwards.
    func browse(on screen: TerminalScreen, opened: OpenedLibrary?, sessions: SessionStore?,
                effects: EffectThread, preferences: AppPreferences) -> [String] {
        let catalogPath = opened?.sessionKey
        let provider: any PageProvider = opened?.provider ?? EmbeddedProvider(
            // The embedded catalog's titles are made as pages ask for them, all 5,000 only for
            // the first search.
            index: SearchIndex(count: EmbeddedCatalog.defaultCount, title: EmbeddedCatalog.title(at:)),
            latency: .milliseconds(latency), failRate: failRate, clock: effects.clock)
        let claim = sessions?.claim(catalog: catalogPath)
        let session = startSession(sessions, claim: claim, catalog: catalogPath, size: screen.size, effects: effects)
        var feedbacks = (opened?.feedbacks ?? []) + session.feedbacks
        if let record { feedbacks.append(Recording<AppState, AppEvent>.recorder(toFile: record)) }
        // Titles with a video play in mpv, the others (the embedded catalog's) in the simulation.
        let mpv = MPVEngine(options: MPVOptions(video: video.mpv, extraArguments: mpvArguments,
                                                httpHeaders: opened?.httpHeaders ?? [:]))
        let (downloads, downloadNotices) = appDownloads(opened: opened, sessions: claim == .claimed ? sessions : nil,
                                                        catalog: catalogPath)
        var initialState = session.state ?? AppState(list: ListState(pageSize: pageSize, maximumLoaded: maxLoaded), size: screen.size)
        // A library that scans is scanning from the first frame (its scan reports once it is under way).
        if opened?.scans == true { initialState.scan = ScanStatus() }
        initialState.server = opened?.server
        let app = SpindleApp(screen: screen, provider: provider, pageSize: pageSize, effects: effects,
                             engine: MediaRouter(real: mpv), initialState: initialState, session: feedbacks,
                             downloads: downloads, watchStore: opened?.watchStore, preferences: preferences)
        app.run()
        // No mpv outlives the app: the player's effects close theirs as the spin stops; wait for that.
        mpv.closeAll()
        let unsaved = session.journal?.failure.map { ["this session was not saved: \($0)"] } ?? []
        return session.closingNotices + downloadNotices + unsaved
    }

    /// The saved session of this catalog, if this process may own it: its state to start
    /// from, its journal's feedback, and what to tell the user.
    func startSession(_ sessions: SessionStore?, claim: SessionClaim?, catalog: String?, size: Size,
                      effects: EffectThread) -> StartedSession {
        guard let sessions else {
            return StartedSession(notices: ["neither XDG_STATE_HOME nor HOME is set: this session is not saved"])
        }
        switch claim {
        case .busy:
            return StartedSession(notices: ["another spindle is using this catalog's session: this one is not saved"])
        case .unavailable(let reason):
            return StartedSession(notices: ["this session is not saved: \(reason)"])
        case .claimed, nil:
            let session = AppSession.start(store: sessions, catalog: catalog, fresh: fresh, pageSize: pageSize,
                                           maximumLoaded: maxLoaded, size: size)
            // On the first start with this catalog, two fsyncs the first frame does not wait for
            // (otherwise one small read); what went wrong is told on the way out.
            let remembered = BackgroundWork(on: effects) { () -> String? in
                do {
                    try sessions.rememberCatalog(catalog)
                    return nil
                } catch {
                    return "the session's catalog could not be remembered: \(error)"
                }
            }
            return StartedSession(state: session.state, feedbacks: [session.feedback()], journal: session.journal,
                                  notices: session.notices, remembered: remembered)
        }
    }

    struct StartedSession {
        var state: AppState?
        var feedbacks: [Feedback<AppState, AppEvent>] = []
        var journal: Journal<AppState, AppEvent>?
        var notices: [String]
        /// Remembering the session's catalog (`last-catalog`): a notice if that failed.
        var remembered: BackgroundWork<String?>?

        /// What to tell the user once the app has ended.
        var closingNotices: [String] {
            notices + (remembered?.result.map { [$0] } ?? [])
        }
    }

    // MARK: Reading the options

    /// SPINDLE_NO_MOUSE set to anything but "" or "0".
    static var mouseRefusedByEnvironment: Bool {
        guard let value = getenv("SPINDLE_NO_MOUSE").map({ String(cString: $0) }) else { return false }
        return !value.isEmpty && value != "0"
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

    /// What to browse: the folders given, the library, --catalog, or the last session's if its
    /// file is still there (with --fresh too: a new session of it); nil for the embedded catalog, with a notice when
    /// the last one is gone. Paths are made absolute: sessions are kept per catalog (a
    /// library's key is its database's path).
    func chooseSource(_ sessions: SessionStore?) -> (LibrarySource?, notice: String?) {
        if let server { return (.server(server, token: token), nil) }
        if let address = folders.first, Self.isServerAddress(address) { return (.server(address, token: token), nil) }
        if !folders.isEmpty { return (.folders(folders.map(absolutePath)), nil) }
        if library { return (.folders([]), nil) }
        if let catalog { return (.catalogFile(absolutePath(catalog)), nil) }
        // --fresh starts a new session of the same catalog, not another catalog.
        guard let last = sessions?.lastCatalog(), let path = last else { return (nil, nil) }
        if Self.isServerAddress(path) { return (.server(path, token: token), nil) }
        guard access(path, R_OK) == 0 else {
            return (nil, "the last session's catalog \(path) is gone; this is the embedded catalog")
        }
        // A device or a FIFO (`--catalog /dev/zero` last time) is never opened again: reading
        // it would never end, and every plain `spindle` would hang.
        if !path.hasSuffix(".sqlite"), !CatalogFileError.isRegularFile(path) {
            return (nil, "the last session's catalog \(path) is not a regular file; this is the embedded catalog")
        }
        return (path.hasSuffix(".sqlite") ? .folders([]) : .catalogFile(path), nil)
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

/// The last session's library did not open again.
struct ReopenFailure: Error {
    var place: String
    var reason: String
}

extension LibrarySource {
    /// The folder, file or server, as the user named it.
    var place: String {
        switch self {
        case .folders: "of scanned folders"
        case .catalogFile(let path): path
        case .server(let address, _): address
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
