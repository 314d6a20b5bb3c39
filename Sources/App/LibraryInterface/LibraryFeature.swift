import Catalog
import Downloads
import Spin
import AppCore

/// What `spindle-full` adds to the command: the library in SQLite, for scanned media folders and
/// imported JSON Lines catalogs. The plain `spindle` binary has none of it, so that the embedded
/// catalog starts without loading SQLite and Foundation, and hands any command that needs the
/// library to `spindle-full`, which sits beside it (docs/performance.md, "Two binaries").
///
///     SpindleCommand.launch(library: SQLiteLibraryFeature())   // spindle-full's main
package protocol LibraryFeature: Sendable {
    /// Opens what `source` names for browsing: the provider of its pages, the feedbacks that
    /// keep it (a background scan), and the key its session is saved under.
    func open(_ source: LibrarySource, environment: [String: String]) async throws -> OpenedLibrary
    /// `spindle scan DIR…`: scans into the library without the browser, printing its progress
    /// on standard error. Returns the exit status.
    func scan(folders: [String], environment: [String: String]) async -> Int32
    /// `spindle folders`: lists the library's folders, or removes some. Returns the exit status.
    func folders(_ action: FolderAction, environment: [String: String]) async -> Int32
    /// `spindle serve [FOLDER…]`: the library over HTTP until SIGTERM or Ctrl+C, the folders
    /// scanned meanwhile. Returns the exit status.
    func serve(_ options: ServeOptions, environment: [String: String]) async -> Int32
    /// Writes `titles` generated titles into the library (for benchmarks).
    func generate(titles: Int, environment: [String: String]) async throws
    /// How titles' pictures are drawn on this terminal for `setting` (`--pictures`: auto, kitty,
    /// sixel, truecolor, blocks or off), asking the terminal what it can when the environment does not say;
    /// nil for off. Called before the screen opens.
    func pictures(_ setting: String, environment: [String: String]) -> ArtDrawing?
}

/// What the user asked to browse, when it is not the embedded catalog.
package enum LibrarySource: Equatable, Sendable {
    /// The library of scanned folders, with these folders (absolute paths) scanned too; empty:
    /// the folders it already has.
    case folders([String])
    /// A JSON Lines catalog (absolute path), imported into its own database on first use.
    case catalogFile(String)
    /// A `spindle serve` ("http://host:port"), with the token given on the command line, if any.
    case server(String, token: String?)
}

/// A library, open and ready for the app.
package struct OpenedLibrary: Sendable {
    package var provider: any PageProvider
    /// Feedbacks the app runs beside its own (the scan).
    package var feedbacks: [Feedback<AppState, AppEvent>]
    /// The session is saved under this key (a path) and `spindle` alone opens it again.
    package var sessionKey: String
    /// Whether the library scans folders (its header shows the scan; `R` scans again).
    package var scans: Bool
    /// One line each, for after the terminal is given back.
    package var notices: [String]
    /// HTTP headers the player sends with media on a server (by URL prefix; `MPVOptions`).
    package var httpHeaders: [String: [String]]
    /// Where the library's titles download from, storing into the folder given.
    package var downloadSource: (@Sendable (String) -> any DownloadSource)?
    /// Where what was watched is kept (the library's `watch_state`); nil: the session alone.
    package var watchStore: (any WatchStore)?
    /// The server browsed, as "host:port", for the header; nil for a library of this machine.
    package var server: String?
    /// The opening made the user wait (a catalog's import): keys typed meanwhile were typed at
    /// its message, not at the list, and are dropped.
    package var madeTheUserWait = false

    package init(provider: any PageProvider, feedbacks: [Feedback<AppState, AppEvent>] = [], sessionKey: String,
                scans: Bool, notices: [String] = [], httpHeaders: [String: [String]] = [:],
                downloadSource: (@Sendable (String) -> any DownloadSource)? = nil, watchStore: (any WatchStore)? = nil) {
        self.provider = provider
        self.feedbacks = feedbacks
        self.sessionKey = sessionKey
        self.scans = scans
        self.notices = notices
        self.httpHeaders = httpHeaders
        self.downloadSource = downloadSource
        self.watchStore = watchStore
    }
}

/// What `spindle serve` was asked: the folders to add and scan, where to listen, the token,
/// and the certificate and key of HTTPS.
package struct ServeOptions: Equatable, Sendable {
    /// Absolute paths.
    package var folders: [String] = []
    /// `--listen ADDR:PORT`; nil: 127.0.0.1:8700.
    package var listen: String?
    /// `--token`; nil: SPINDLE_TOKEN, else the token file.
    package var token: String?
    /// `--tls-cert` and `--tls-key` (PEM files), both or neither.
    package var tlsCertificate: String?
    package var tlsKey: String?

    package init(folders: [String] = [], listen: String? = nil, token: String? = nil,
                 tlsCertificate: String? = nil, tlsKey: String? = nil) {
        self.folders = folders
        self.listen = listen
        self.token = token
        self.tlsCertificate = tlsCertificate
        self.tlsKey = tlsKey
    }
}

/// What `spindle folders` was asked.
package enum FolderAction: Equatable, Sendable {
    case list
    /// Absolute paths.
    case remove([String])
}

/// What a first import of a catalog says when Ctrl+C stopped it (status 130), whether it let go
/// in time or the process ended with it (`ImportInterruption`).
package let importInterruptedMessage = "spindle: interrupted; nothing of the import was kept"
