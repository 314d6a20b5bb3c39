import Synchronization
#if canImport(Glibc)
import Glibc
import ProcessControl
#endif
import Catalog
import JSON
import Player
import Spin

/// One mpv playing one title: from spawning to loading, then the properties it reports, until
/// it fails or is closed. `MPVEngine` makes one per `open`.
///
///     let session = try MPVSession(title: title, options: options)
///     let report = await session.load(at: 12)   // .loaded(info), .failed(message), nil if closed
///     session.close()
///
/// What mpv tells arrives on the connection's thread (`handle`); the state it keeps is behind
/// one lock, and whatever that wakes (a listener, a waiting seek) runs after the lock is let go.
final class MPVSession: Sendable {
    /// How a session ended: it failed (the message a user reads), or its owner closed it.
    enum End: Equatable, Sendable {
        case failed(String)
        case closed
    }

    struct State {
        var isAtEnd = false
        /// The media's own duration (`duration`), for titles whose catalog gave none.
        var mediaDuration: Double?
        /// Seeks sent and not yet followed by `playback-restart`: `time-pos` is not trusted meanwhile.
        var seeksInFlight = 0
        /// Seeks mpv accepted, waiting for the `playback-restart` that ends them.
        var seeksAwaitingRestart: [OneShot<Void>] = []
        var listeners: [Int: PositionListener] = [:]
        var nextListenerID = 1
        /// The timer of the next position poll, while positions are iterated.
        var pollTimer: Int?
        /// The current chain of position polls (a poll in flight or a timer); a new chain
        /// makes the replies of an older one stop it.
        var pollChain = 0
        var isPolling = false
        /// The tracks, delay and speed mpv was last told (nil: nothing yet, all are sent).
        var playback: PlaybackChoice?
    }

    /// A `positions` sequence being iterated.
    struct PositionListener {
        var after: Int
        var lastYielded: Int?
        var titleDuration: Int
        var continuation: AsyncStream<Int>.Continuation
    }

    let title: Title
    /// Set when `.auto` found no display: the first video loaded says it plays as sound only.
    let soundOnlyNotice: OnceFlag?
    /// HTTP headers for the title's URL (a server's token), set over IPC before it loads.
    let headers: [String]
    let process: MPVProcess
    let connection: MPVConnection
    /// Fulfilled once, when the session fails or is closed.
    let end = OneShot<End>()
    /// `file-loaded`, or the reason the file could not load.
    private let loadOutcome = OneShot<Result<Void, LoadError>>()
    let state = Mutex(State())

    struct LoadError: Error {
        var message: String
    }

    /// The properties observed, by observation id. Not `time-pos`: mpv reports it at every
    /// frame (24 to 60 times a second); positions poll it once per second instead.
    static let observedProperties = [
        "duration", "pause", "chapter-list", "seeking", "eof-reached", "volume", "mute",
    ]

    /// Spawns mpv for `title` (which has media). `soundOnlyNotice` is the engine's: whether it
    /// already said that videos play as sound only.
    init(title: Title, options: MPVOptions, soundOnlyNotice: OnceFlag? = nil) throws(StartError) {
        guard let executable = executablePath(options.executable) else { throw .notInstalled }
        let process: MPVProcess
        do throws(MPVProcess.SpawnError) {
            process = try MPVProcess.spawn(executable: executable, arguments: options.arguments(mediaTitle: title.title))
        } catch {
            switch error {
            case .notFound: throw .notInstalled
            case .failed(let code): throw .spawnFailed(String(cString: strerror(code)))
            }
        }
        self.title = title
        self.soundOnlyNotice = options.isSoundOnlyForWantOfDisplay ? soundOnlyNotice : nil
        self.process = process
        headers = title.media.map { options.headers(for: $0.video) } ?? []
        // The connection reaches the session weakly: it lives as long as its owners need it,
        // while the connection's thread lives until mpv's end closes.
        let box = SessionBox()
        connection = MPVConnection(
            socket: process.socket, replyTimeout: options.replyTimeout,
            onMessage: { message in box.session?.handle(message) },
            onClose: { box.session?.connectionClosed() }
        )
        box.session = self
        connection.start()
    }

    /// Why mpv could not start.
    enum StartError: Error, Equatable {
        case notInstalled
        case spawnFailed(String)

        var message: String {
            switch self {
            case .notInstalled: "mpv is not installed: install it (sudo apt install mpv) to play video files"
            case .spawnFailed(let reason): "cannot start mpv: \(reason)"
            }
        }
    }

    /// Observes the properties, loads the title's video (and subtitles), and waits until mpv
    /// loaded it; reports its length, chapters, volume and tracks. nil if the session was
    /// closed meanwhile.
    func load(at position: Int) async -> MediaReport? {
        guard let media = title.media else { return fail("\(title.title) has no media to play") }
        for (index, property) in Self.observedProperties.enumerated() {
            connection.send(["observe_property", .integer(index + 1), .string(property)], completion: failOnTimeout)
        }
        for header in headers {
            guard await command(["change-list", "http-header-fields", "append", .string(header)]) != nil else {
                return endReport
            }
        }
        var loadfile: [JSONValue] = ["loadfile", .string(media.video), "replace"]
        if position > 0 { loadfile.append(.string("start=\(position)")) }
        guard let loaded = await command(loadfile) else { return endReport }
        guard loaded.succeeded else { return fail("cannot play \(media.video): \(loaded.error)") }
        if case .failure(let error) = await loadOutcome.value {
            return end.current == nil ? fail("cannot play \(media.video): \(error.message)") : endReport
        }
        if let subtitles = media.subtitles {
            // mpv loads a subtitle file named as the video by itself (`--sub-auto`): adding it
            // again would list it twice.
            guard let loadedTracks = await command(["get_property", "track-list"]) else { return endReport }
            if !MPVTracks.hasExternalFile(subtitles, in: loadedTracks.data) {
                // Subtitles that fail to load leave the picture playing: the reply is not checked.
                guard await command(["sub-add", .string(subtitles)]) != nil else { return endReport }
            }
        }
        guard let duration = await command(["get_property", "duration"]),
              let chapters = await command(["get_property", "chapter-list"]),
              let volume = await command(["get_property", "volume"]),
              let mute = await command(["get_property", "mute"]),
              let tracks = await command(["get_property", "track-list"]),
              let fileSize = await command(["get_property", "file-size"])
        else { return endReport }
        let info = MediaInfo(
            duration: duration.data.double,
            chapters: (chapters.data.array ?? []).enumerated().map { index, chapter in
                Chapter(title: chapter["title"]?.string ?? "Chapter \(index + 1)", start: chapter["time"]?.double ?? 0)
            },
            volume: volume.data.double.map { Int($0.rounded()) },
            isMuted: mute.data.bool ?? false,
            tracks: MPVTracks.tracks(from: tracks.data),
            notice: MPVTracks.hasPicture(tracks.data) && soundOnlyNotice?.claim() == true ? MPVOptions.soundOnlyNotice : nil,
            pictureSize: MPVTracks.pictureSize(tracks.data),
            fileSize: fileSize.data.double.flatMap { $0 >= 0 && $0 < 1e18 ? Int($0) : nil }
        )
        if let duration = info.duration {
            state.withLock { $0.mediaDuration = duration }
        }
        return end.current == nil ? .loaded(info) : endReport
    }

    /// Closes the session: mpv quits (or is killed) and everything waiting on it returns.
    func close() {
        finish(.closed, graceful: true)
    }

    /// Fails the session with `message` (mpv is ended); returns the report that says so.
    @discardableResult
    func fail(_ message: String, graceful: Bool = true) -> MediaReport {
        finish(.failed(message), graceful: graceful)
        return endReport ?? .failed(message)
    }

    /// How the session ended, as the report that says so; nil if closed.
    var endReport: MediaReport? {
        if case .failed(let message) = end.current { return .failed(message) }
        return nil
    }

    /// The one place a session ends: listeners finish, waiting seeks return, mpv is ended.
    private func finish(_ reason: End, graceful: Bool) {
        guard end.fulfill(reason) else { return }
        let (listeners, seeks, timer) = state.withLock { state in
            defer {
                state.listeners.removeAll()
                state.seeksAwaitingRestart.removeAll()
                state.pollTimer = nil
                state.isPolling = false
            }
            return (Array(state.listeners.values), state.seeksAwaitingRestart, state.pollTimer)
        }
        if let timer { connection.cancelTimer(timer) }
        loadOutcome.fulfill(.failure(LoadError(message: "closed")))
        for listener in listeners { listener.continuation.finish() }
        for seek in seeks { seek.fulfill(()) }
        let connection = connection
        if graceful {
            process.terminate(graceful: true) {
                connection.send(["quit"])
                connection.close()
            }
        } else {
            process.terminate(graceful: false) {}
            connection.close()
        }
    }

    // MARK: Commands

    /// Sends `command` and returns mpv's reply; nil if the session ended meanwhile (no reply in
    /// time fails it: mpv stopped answering).
    func command(_ command: [JSONValue]) async -> MPVReply? {
        switch await connection.command(command) {
        case .reply(let reply): return end.current == nil ? reply : nil
        case .timedOut:
            fail(Self.stoppedAnswering, graceful: false)
            return nil
        case .closed: return nil
        }
    }

    /// For commands whose reply does not matter, only that it comes.
    var failOnTimeout: MPVConnection.Completion {
        { [weak self] result in
            if case .timedOut = result { self?.fail(Self.stoppedAnswering, graceful: false) }
        }
    }

    static let stoppedAnswering = "mpv stopped answering"

    // MARK: What mpv tells

    /// mpv's end of the socket closed: it exited or died. Waits (on the connection's thread) a
    /// moment for its exit status, to say how it ended.
    func connectionClosed() {
        guard end.current == nil else { return }
        _ = process.waitForExit(milliseconds: 1000)
        if let status = process.exit.current {
            fail("mpv stopped: \(status)")
        } else {
            fail("mpv stopped: it closed its connection")
        }
    }

    func handle(_ message: MPVMessage) {
        guard case .event(let event) = message else { return }
        switch event.name {
        case "property-change":
            propertyChanged(event.propertyName ?? "", to: event.data)
        case "playback-restart":
            playbackRestarted()
        case "file-loaded":
            loadOutcome.fulfill(.success(()))
        case "end-file" where event.reason == "error":
            let reason = event.fileError ?? "unknown error"
            if !loadOutcome.fulfill(.failure(LoadError(message: reason))) {
                fail("cannot play \(title.media?.video ?? title.title): \(reason)")
            }
        default:
            break
        }
    }
}

/// Lets the connection's closures reach the session that owns the connection, weakly.
private final class SessionBox: Sendable {
    private struct WeakSession {
        weak var session: MPVSession?
    }

    private let slot = Mutex(WeakSession())

    var session: MPVSession? {
        get { slot.withLock { $0.session } }
        set { slot.withLock { $0.session = newValue } }
    }
}
