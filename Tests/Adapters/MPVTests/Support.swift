import TestSupport
import Catalog
import Glibc
@testable import MPV
import Player
import SpinTesting
import Synchronization
import Testing

extension MPVOptions {
    /// mpv without picture or sound, as the tests run it.
    static func test(replyTimeout: Duration = .seconds(15), executable: String = "mpv") -> MPVOptions {
        MPVOptions(executable: executable, video: .none, extraArguments: ["--vo=null", "--ao=null"], replyTimeout: replyTimeout)
    }
}

extension Title {
    static func clip(_ video: String, duration: Int = TestMedia.duration) -> Title {
        Title(id: "clip", title: "Test \"clip\"", year: 2024, genre: "Test", duration: duration,
              introStart: 0, introEnd: 3, creditsStart: 9, media: TitleMedia(video: video))
    }
}

/// An `open` being iterated in a task of its own, as the player's feedback does, with its
/// reports read one by one.
struct OpenedTitle {
    let engine: MPVEngine
    private let task: Task<Void, Never>
    private var reports: AsyncStream<MediaReport>.Iterator

    init(_ title: Title, at position: Int = 0, engine: MPVEngine) {
        self.engine = engine
        let (stream, continuation) = AsyncStream.makeStream(of: MediaReport.self)
        task = Task {
            for await report in engine.open(title, at: position) { continuation.yield(report) }
            continuation.finish()
        }
        reports = stream.makeAsyncIterator()
    }

    /// The next report; nil once the sequence finished.
    mutating func next() async -> MediaReport? {
        await reports.next()
    }

    /// The `.loaded` report's info; fails the test on anything else.
    mutating func loaded() async throws -> MediaInfo {
        let report = await next()
        guard case .loaded(let info) = report else {
            throw Unexpected(description: "expected .loaded, got \(String(describing: report))")
        }
        return info
    }

    /// Cancels the iteration and waits until it finished (mpv has exited by then).
    func close() async {
        task.cancel()
        await task.value
    }

    /// Waits until the iteration finished by itself.
    func finished() async {
        await task.value
    }
}

struct Unexpected: Error, CustomStringConvertible {
    var description: String
}

/// The first `count` elements of `sequence`, or all of them if it finishes first, and whether it
/// finished; waits for them with `eventually` (an issue if they do not come).
func collect(
    _ count: Int, of sequence: some AsyncSequence<Int, Never> & Sendable,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> (values: [Int], finished: Bool) {
    let collected = Collected()
    let reading = Task {
        for await value in sequence {
            collected.append(value)
            if collected.values.count == count { return }
        }
        collected.finish()
    }
    await eventually("\(count) position(s) or their end, got \(collected.values)", sourceLocation: sourceLocation) {
        collected.values.count >= count || collected.finished
    }
    reading.cancel()
    return (collected.values, collected.finished)
}

private final class Collected: Sendable {
    private let storage = Mutex<(values: [Int], finished: Bool)>(([], false))
    var values: [Int] { storage.withLock { $0.values } }
    var finished: Bool { storage.withLock { $0.finished } }
    func append(_ value: Int) { storage.withLock { $0.values.append(value) } }
    func finish() { storage.withLock { $0.finished = true } }
}

/// Whether a process with `pid` exists (kill(pid, 0) does not fail with ESRCH).
func processExists(_ pid: pid_t) -> Bool {
    kill(pid, 0) == 0 || errno != ESRCH
}

/// Stops `pid` with SIGSTOP and waits until every thread of it has stopped (the signal is
/// delivered asynchronously: a thread of mpv may still answer a command just after `kill`).
func stopProcess(_ pid: pid_t) async -> Bool {
    kill(pid, SIGSTOP)
    return await eventually("every thread of \(pid) stopped") {
        guard let tasks = opendir("/proc/\(pid)/task") else { return false }
        defer { closedir(tasks) }
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.first?.isNumber == true else { continue }
            let file = open("/proc/\(pid)/task/\(name)/stat", O_RDONLY)
            guard file >= 0 else { return false }
            defer { close(file) }
            var bytes = [UInt8](repeating: 0, count: 512)
            let count = read(file, &bytes, bytes.count)
            guard count > 0 else { return false }
            let stat = String(decoding: bytes[..<count], as: UTF8.self)
            // The state follows the command name in parentheses: "pid (comm) T ...".
            guard let close = stat.lastIndex(of: ")") else { return false }
            let state = stat[stat.index(after: close)...].dropFirst().first
            if state != "T" && state != "t" { return false }
        }
        return true
    }
}
