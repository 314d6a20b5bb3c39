#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Player
import Spin
import Synchronization

/// Plays titles with media in a real mpv, driven over its JSON IPC: one mpv per opened title,
/// which lives while `open`'s reports are iterated.
///
///     let engine = MPVEngine(options: MPVOptions(extraArguments: arguments.mpvArgs))
///     let player = PlayerFeedbacks(engine: engine, player: \AppState.player, event: AppEvent.player)
///
/// Play, pause, volume, tracks and speed, seeks and positions go to the title opened last (the previous one may
/// still be closing). mpv is spawned with `MPVProcess`: it cannot outlive Spindle, even one
/// killed with SIGKILL.
package final class MPVEngine: PlayerEngine, Sendable {
    package let options: MPVOptions
    /// The session of the title opened last; nil before the first or when it could not start.
    private let latest = Mutex<MPVSession?>(nil)
    /// Every session started and not yet seen to exit, for `closeAll`.
    private let started = Mutex<[MPVSession]>([])
    /// Whether the player was told that videos play as sound only (`MPVOptions.soundOnlyNotice`):
    /// once for the engine's life, not at every title.
    let soundOnlyNotice = OnceFlag()

    package init(options: MPVOptions = MPVOptions()) {
        self.options = options
    }

    package func open(_ title: Title, at position: Int) -> MPVReports {
        MPVReports(engine: self, title: title, position: position)
    }

    package func play() {
        session?.setPaused(false)
    }

    package func pause() {
        session?.setPaused(true)
    }

    package func setVolume(_ volume: Int, muted: Bool) {
        session?.setVolume(volume, muted: muted)
    }

    package func setPlayback(_ playback: PlaybackChoice) {
        session?.setPlayback(playback)
    }

    package func seek(to position: Int) async {
        await session?.seek(to: position)
    }

    package func positions(of title: Title, from position: Int) -> AsyncStream<Int> {
        guard let session else { return AsyncStream { $0.finish() } }
        return session.positions(of: title, from: position)
    }

    /// The pid of the mpv of the title opened last, while it runs (for tests).
    package var currentProcessID: pid_t? {
        guard let session, session.process.exit.current == nil else { return nil }
        return session.process.pid
    }

    /// The session of the title opened last (for tests).
    var currentSession: MPVSession? {
        latest.withLock { $0 }
    }

    private var session: MPVSession? { currentSession }

    /// Ends every mpv this engine started and waits (blocking the calling thread) until they
    /// have exited and been reaped, or `milliseconds` have passed. For the end of the program:
    /// effects that were cancelled as the app stopped close their mpv asynchronously, and the
    /// process must not exit before them (mpv would quit anyway when its connection closes,
    /// but as an orphan nobody might reap).
    package func closeAll(waitingUpTo milliseconds: Int32 = 2500) {
        let sessions = started.withLock { sessions in
            defer { sessions = [] }
            return sessions
        }
        for session in sessions { session.close() }
        let deadline = ContinuousClock.now + .milliseconds(Int(milliseconds))
        for session in sessions {
            let ms = Int32(max(0, (deadline - ContinuousClock.now) / .milliseconds(1)))
            _ = session.process.waitForExit(milliseconds: ms)
        }
    }

    /// Spawns the mpv of a title being opened, and makes it the one the calls go to.
    func startSession(for title: Title) throws(MPVSession.StartError) -> MPVSession {
        do {
            let session = try MPVSession(title: title, options: options, soundOnlyNotice: soundOnlyNotice)
            latest.withLock { $0 = session }
            started.withLock { sessions in
                sessions.removeAll { $0.process.exit.current != nil }
                sessions.append(session)
            }
            return session
        } catch {
            latest.withLock { $0 = nil }
            throw error
        }
    }
}
