import Synchronization
#if canImport(Glibc)
import ProcessControl
import Glibc
#endif
import Spin

/// A running mpv, and our end of the socket it is driven by.
///
///     let process = try MPVProcess.spawn(executable: "/usr/bin/mpv", arguments: options.arguments(mediaTitle: "Clip"))
///     let status = await process.exit.value      // when it ends, for whatever reason
///
/// Why mpv can never outlive us: it gets its end of a `socketpair` as fd 3 and is told
/// `--input-ipc-client=fd://3`, and mpv quits when that connection closes. Our end is
/// close-on-exec and held only by this process, so when we close it, exit, crash or are
/// `kill -9`ed, the kernel closes it and mpv sees the end of its connection and quits. No
/// signal handler, no pid file, no cleanup that could be skipped.
///
/// mpv runs in a session of its own, so the terminal's signals (Ctrl-C, Ctrl-Z, a hang-up) go
/// to Spindle alone; its stdin, stdout and stderr are /dev/null, so it never touches the screen
/// Spindle draws. A thread per process waits for its exit (`SpawnedProcess`), which is how we
/// learn that it died and how it is reaped.
final class MPVProcess: Sendable {
    /// mpv itself, reaped by a thread of its own (`SpawnedProcess`).
    private let child: SpawnedProcess
    /// Our end of the socketpair: mpv's IPC connection. Closed by `MPVConnection`.
    let socket: Int32
    /// Fulfilled once mpv has ended and been reaped.
    let exit: OneShot<ExitStatus>
    private let isTerminating = Mutex(false)

    typealias SpawnError = ProcessControl.SpawnError

    var pid: pid_t { child.pid }

    private init(child: SpawnedProcess, socket: Int32, exit: OneShot<ExitStatus>) {
        self.child = child
        self.socket = socket
        self.exit = exit
    }

    /// Starts `executable` (a path) with `arguments`, connected to a new socketpair as fd 3;
    /// its stdin, stdout and stderr are /dev/null.
    static func spawn(executable: String, arguments: [String]) throws(SpawnError) -> MPVProcess {
        var ends: [Int32] = [-1, -1]
        // Both ends close-on-exec, so neither leaks into another child; the spawn gives mpv a
        // copy of its end, as fd 3, without the flag.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .failed(errno: errno)
        }
        let ours = ends[0], theirs = ends[1]
        defer { close(theirs) }
        let exit = OneShot<ExitStatus>()
        let child: SpawnedProcess
        do throws(SpawnError) {
            child = try SpawnedProcess.spawn(
                executable, arguments, descriptors: [.null, .null, .null, .copy(of: theirs)],
                onExit: { exit.fulfill($0) })
        } catch {
            close(ours)
            throw error
        }
        // `ours` stays open: the connection owns it from here.
        return MPVProcess(child: child, socket: ours, exit: exit)
    }

    /// Ends mpv: asks it to quit (`quit`, sent by the caller's closure), then after a second
    /// SIGTERM, and a second later SIGKILL; at once SIGKILL when `graceful` is false (mpv
    /// stopped answering, so it would not hear `quit`). By pid, only while it is not reaped.
    /// Returns at once; `exit` tells when it is over. Calls after the first do nothing.
    func terminate(graceful: Bool, quit: @escaping @Sendable () -> Void) {
        let first = isTerminating.withLock { isTerminating in
            defer { isTerminating = true }
            return !isTerminating
        }
        guard first else { return }
        startDetachedThread { [self] in
            if graceful {
                quit()
                if waitForExit(milliseconds: 1000) { return }
                signal(SIGTERM)
                if waitForExit(milliseconds: 1000) { return }
            }
            signal(SIGKILL)
        }
    }

    /// Sends `signal` to mpv unless it is already reaped.
    func signal(_ signal: Int32) {
        child.signal(signal)
    }

    /// Blocks the calling thread until mpv has exited or `milliseconds` have passed; returns
    /// whether it exited. For threads of ours only, never for a task.
    func waitForExit(milliseconds: Int32) -> Bool {
        child.waitForExit(milliseconds: milliseconds)
    }
}
