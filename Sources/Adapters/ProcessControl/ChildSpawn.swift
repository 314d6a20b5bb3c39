import CProcessSpawn
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Why a child could not be started.
package enum SpawnError: Error, Equatable, Sendable {
    /// No such program, or not one we may run.
    case notFound
    case failed(errno: Int32)
}

/// What one of a child's first descriptors is: /dev/null (read-only as fd 0, write-only
/// above), or a copy of one of ours.
package enum ChildDescriptor: Sendable {
    case null
    case copy(of: Int32)
}

/// A child process, started with `spawn` and reaped by a thread of its own; signals reach it
/// by pid only while it is not reaped, so they can never reach a process that took its pid.
///
///     let child = try SpawnedProcess.spawn("/usr/bin/mpv", ["--idle"], descriptors: [.null, .null, .null])
///     child.signal(SIGTERM)
///     _ = child.waitForExit(milliseconds: 1000)
package final class SpawnedProcess: Sendable {
    package let pid: pid_t
    /// The read end of a pipe that becomes readable (end of file) once the child is reaped,
    /// for `poll` alongside other descriptors.
    package let exitNotice: Int32
    private let exitNoticeWriter: Int32
    private let isReaped = Mutex(false)
    private let status = Mutex<ExitStatus?>(nil)

    private init(pid: pid_t, exitNotice: Int32, exitNoticeWriter: Int32) {
        self.pid = pid
        self.exitNotice = exitNotice
        self.exitNoticeWriter = exitNoticeWriter
    }

    deinit {
        // The writer was closed by the reaping thread, which holds the process until it ends.
        close(exitNotice)
    }

    /// Starts `executable` (a path, never searched: see `executablePath`) with `arguments`, no
    /// shell, in a session (and process group) of its own with every signal at its default, so
    /// that a terminal's signals never reach it. Descriptor `i` of the child is
    /// `descriptors[i]`; every other descriptor is closed in the child, even one some library
    /// opened without close-on-exec. Its environment is `environment` ("NAME=value" each), or
    /// this process's when nil. A thread waits for its exit, reaps it and then calls `onExit`
    /// with its status.
    package static func spawn(
        _ executable: String, _ arguments: [String], descriptors: [ChildDescriptor], environment: [String]? = nil,
        onExit: @escaping @Sendable (ExitStatus) -> Void = { _ in }
    ) throws(SpawnError) -> SpawnedProcess {
        var notice: [Int32] = [-1, -1]
        guard cmpv_pipe_cloexec(&notice) == 0 else { throw .failed(errno: errno) }
        let pid: pid_t
        do throws(SpawnError) {
            pid = try spawnProcess(executable, arguments, descriptors: descriptors, environment: environment)
        } catch {
            notice.forEach { close($0) }
            throw error
        }
        let process = SpawnedProcess(pid: pid, exitNotice: notice[0], exitNoticeWriter: notice[1])
        process.startReaping(onExit: onExit)
        return process
    }

    /// How the child ended, once it is reaped.
    package var exitStatus: ExitStatus? { status.withLock { $0 } }

    /// Sends `signal` to the child (and with `group`, to its process group first: it leads one
    /// of its own, so this reaches whatever it started too), unless it is already reaped.
    package func signal(_ signal: Int32, group: Bool = false) {
        isReaped.withLock { isReaped in
            guard !isReaped else { return }
            if group { _ = kill(-pid, signal) }
            _ = kill(pid, signal)
        }
    }

    /// Blocks the calling thread until the child is reaped or `milliseconds` have passed (-1:
    /// no limit); returns whether it was reaped. For threads of ours only, never for a task.
    package func waitForExit(milliseconds: Int32) -> Bool {
        if exitStatus != nil { return true }
        var notice = pollfd(fd: exitNotice, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&notice, 1, milliseconds)
            if ready == -1, errno == EINTR { continue }
            return ready == 1
        }
    }

    /// Waits for the child's end, then reaps it: first without reaping (`WNOWAIT`), so that the
    /// pid cannot be reused while `signal` might still target it.
    private func startReaping(onExit: @escaping @Sendable (ExitStatus) -> Void) {
        startDetachedThread { [self] in
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
            var waitStatus: Int32 = 0
            isReaped.withLock { isReaped in
                // ECHILD: reaped already, where SIGCHLD is ignored; its status is lost (0).
                while waitpid(pid, &waitStatus, 0) == -1, errno == EINTR {}
                isReaped = true
            }
            let exit = ExitStatus(waitStatus: waitStatus)
            status.withLock { $0 = exit }
            // Before the notice: whoever wakes on it finds what `onExit` records already there.
            onExit(exit)
            // Closing the writer makes the notice readable (end of file) for every poll, for ever.
            close(exitNoticeWriter)
        }
    }
}

/// The one `posix_spawn` of Spindle's children (see `SpawnedProcess.spawn`); returns the pid.
/// The caller reaps it.
private func spawnProcess(
    _ executable: String, _ arguments: [String], descriptors: [ChildDescriptor], environment: [String]?
) throws(SpawnError) -> pid_t {
    // A source below the child's descriptors could be overwritten before it is copied (and
    // dup2 onto itself would keep close-on-exec): such sources are moved out of the way first.
    var moved: [Int32] = []
    defer { moved.forEach { close($0) } }
    var sources: [Int32?] = []
    for descriptor in descriptors {
        guard case .copy(let fd) = descriptor else { sources.append(nil); continue }
        if fd < Int32(descriptors.count) {
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, Int32(descriptors.count))
            guard copy >= 0 else { throw .failed(errno: errno) }
            moved.append(copy)
            sources.append(copy)
        } else {
            sources.append(fd)
        }
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, source) in sources.enumerated() {
        if let source {
            posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
        } else {
            posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
    }
    cmpv_spawn_add_closefrom(&actions, Int32(descriptors.count))

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    setOwnSessionAndDefaultSignals(&attributes)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer { for argument in argv + (envp ?? []) { free(argument) } }
    var pid = pid_t()
    let result = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
        ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard result == 0 else {
        throw result == ENOENT || result == EACCES ? .notFound : .failed(errno: result)
    }
    return pid
}
