import Synchronization
#if canImport(Glibc)
import ProcessControl
import Glibc
#endif
import CProcessSpawn
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
/// Spindle draws. A thread per process waits for its exit (`waitpid`), which is how we learn
/// that it died and how it is reaped.
final class MPVProcess: Sendable {
    let pid: pid_t
    /// Our end of the socketpair: mpv's IPC connection. Closed by `MPVConnection`.
    let socket: Int32
    /// Fulfilled once mpv has ended and been reaped.
    let exit = OneShot<ExitStatus>()
    /// A pipe whose read end becomes readable once mpv has exited: lets the terminating thread
    /// wait for the exit with a timeout.
    private let exitNotice: Int32
    /// Whether mpv has been reaped, so its pid may belong to someone else: signals are sent only
    /// under this lock while it is false.
    private let isReaped = Mutex(false)
    private let isTerminating = Mutex(false)

    enum SpawnError: Error, Equatable {
        case notFound
        case failed(errno: Int32)
    }

    private let exitNoticeWriter: Int32

    private init(pid: pid_t, socket: Int32, exitNotice: Int32, exitNoticeWriter: Int32) {
        self.pid = pid
        self.socket = socket
        self.exitNotice = exitNotice
        self.exitNoticeWriter = exitNoticeWriter
    }

    deinit {
        // The writer was closed by the reaping thread, which holds the process until it ends.
        close(exitNotice)
    }

    /// Starts `executable` (a path) with `arguments`, connected to a new socketpair as fd 3.
    static func spawn(executable: String, arguments: [String]) throws(SpawnError) -> MPVProcess {
        var ends: [Int32] = [-1, -1]
        // Both ends close-on-exec, so neither leaks into another child; the dup2 to fd 3 below
        // gives mpv a copy without the flag.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw .failed(errno: errno)
        }
        var child = ends[1]
        let ours = ends[0]
        if child == 3 {
            // dup2(3, 3) would keep the close-on-exec flag: move it out of the way first.
            let moved = fcntl(child, F_DUPFD_CLOEXEC, 10)
            close(child)
            child = moved
        }
        defer { close(child) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, child, 3)
        // Nothing else of ours: a descriptor some library opened without close-on-exec must not
        // keep a connection or a file of Spindle's open in mpv.
        cmpv_spawn_add_closefrom(&actions, 4)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setOwnSessionAndDefaultSignals(&attributes)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            close(ours)
            throw result == ENOENT || result == EACCES ? .notFound : .failed(errno: result)
        }
        // `ours` stays open: the connection owns it from here.
        var notice: [Int32] = [-1, -1]
        if pipe(&notice) == 0 {
            for end in notice { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        let process = MPVProcess(pid: pid, socket: ours, exitNotice: notice[0], exitNoticeWriter: notice[1])
        process.startReaping()
        return process
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
        isReaped.withLock { isReaped in
            if !isReaped { _ = kill(pid, signal) }
        }
    }

    /// Blocks the calling thread until mpv has exited or `milliseconds` have passed; returns
    /// whether it exited. For threads of ours only, never for a task.
    func waitForExit(milliseconds: Int32) -> Bool {
        if exit.current != nil { return true }
        var notice = pollfd(fd: exitNotice, events: Int16(POLLIN), revents: 0)
        return poll(&notice, 1, milliseconds) == 1
    }

    /// A thread waits for mpv to end, then reaps it: first without reaping (`WNOWAIT`), so
    /// that the pid cannot be reused while `signal` might still target it.
    private func startReaping() {
        startDetachedThread { [self] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            var status: Int32 = 0
            isReaped.withLock { isReaped in
                while waitpid(pid, &status, 0) == -1, errno == EINTR {}
                isReaped = true
            }
            exit.fulfill(ExitStatus(waitStatus: status))
            // Closing the writer makes the notice readable (end of file) for every poll, for ever.
            close(exitNoticeWriter)
        }
    }
}
