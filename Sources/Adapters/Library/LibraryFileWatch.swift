import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Tells when another process (a `spindle scan` from cron, a `spindle serve` scanning) may
/// have changed the library: the kernel's inotify reports writes to the database's files, and
/// each report is checked against `PRAGMA data_version` (`LibraryChangeCounter`), so only a
/// commit is told, once. Nothing runs while nothing writes: no timer, no polling.
///
///     for await _ in LibraryFileWatch.changes(of: database) { reloadTheList() }
package enum LibraryFileWatch {
    /// A change at most every `interval`: the first at once, then the last of a burst once
    /// `interval` has passed since the one before (a scan commits a hundred files at a time).
    /// Finishes at once when the folder cannot be watched (no inotify).
    package static func changes(of database: LibraryDatabase, interval: Duration = .seconds(1)) -> AsyncStream<Void> {
        let path = database.path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return AsyncStream { continuation in
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0, inotify_add_watch(descriptor, folder, UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0,
                  let counter = try? LibraryChangeCounter(database: database) else {
                if descriptor >= 0 { close(descriptor) }
                continuation.finish()
                return
            }
            let telling = Telling(counter: counter, interval: interval, continuation: continuation)
            telling.watch(descriptor) { Self.drain(descriptor, mentioning: name) }
            continuation.onTermination = { _ in telling.stop() }
        }
    }

    /// Reads the pending inotify events; whether one names the database or its journal files.
    private static func drain(_ descriptor: Int32, mentioning name: String) -> Bool {
        var mentioned = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return mentioned }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let start = offset + MemoryLayout<inotify_event>.size
                let bytes = buffer[start ..< min(start + length, count)].prefix { $0 != 0 }
                if String(decoding: bytes, as: UTF8.self).hasPrefix(name) { mentioned = true }
                offset = start + length
            }
        }
    }

    /// The data_version check and the pacing, on one serial queue.
    private final class Telling: @unchecked Sendable {
        let queue = DispatchQueue(label: "library file watch")
        private let counter: LibraryChangeCounter
        private let interval: Duration
        private let continuation: AsyncStream<Void>.Continuation
        private var version: Int?
        private var lastTold: ContinuousClock.Instant?
        private var trailing: DispatchWorkItem?
        private var stopped = false
        private var source: (any DispatchSourceRead)?

        init(counter: LibraryChangeCounter, interval: Duration, continuation: AsyncStream<Void>.Continuation) {
            self.counter = counter
            self.interval = interval
            self.continuation = continuation
            version = try? counter.version()
        }

        /// Reads `descriptor` when it has events (`changed` drains them and says whether they
        /// matter); closes it when stopped.
        func watch(_ descriptor: Int32, changed: @escaping @Sendable () -> Bool) {
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [self] in
                if changed() { filesChanged() }
            }
            source.setCancelHandler { close(descriptor) }
            queue.sync { self.source = source }
            source.resume()
        }

        /// On the queue: tell now, or once the interval since the last telling has passed.
        func filesChanged() {
            guard !stopped, trailing == nil else { return }
            let now = ContinuousClock.now
            let wait = lastTold.map { interval - (now - $0) } ?? .zero
            guard wait > .zero else { return tellIfCommitted() }
            let item = DispatchWorkItem { [self] in
                trailing = nil
                tellIfCommitted()
            }
            trailing = item
            let (seconds, attoseconds) = wait.components
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)),
                             execute: item)
        }

        /// Tells a commit the files' change was part of. The event can come before the commit
        /// shows: a commit writes the WAL (an event), then the WAL's index in shared memory
        /// (mapped: no event), so a change not seen yet is looked for again, twice, shortly
        /// after (`rechecks`), and never again until the next event.
        private func tellIfCommitted(rechecks: [Int] = [20, 200]) {
            guard !stopped else { return }
            guard let current = try? counter.version(), current != version else {
                guard let delay = rechecks.first else { return }
                queue.asyncAfter(deadline: .now() + .milliseconds(delay)) { [self] in
                    // A newer event's own check (or a telling) made this one moot.
                    guard trailing == nil else { return }
                    tellIfCommitted(rechecks: Array(rechecks.dropFirst()))
                }
                return
            }
            version = current
            lastTold = .now
            continuation.yield()
        }

        func stop() {
            queue.async { [self] in
                stopped = true
                trailing?.cancel()
                trailing = nil
                source?.cancel()
                source = nil
            }
        }
    }
}
