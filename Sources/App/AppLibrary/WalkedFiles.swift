import MediaScan
import ProcessControl
import Synchronization

/// The media files under a folder as an async sequence, walked on a thread of its own (the
/// walk blocks in the file system, which the tasks' threads must not), and the folders it
/// could not read. The walk stops when the sequence is dropped.
///
///     let walk = WalkedFiles(folder: "/media/films")
///     for await file in walk.files { … }
///     walk.problems    // ["cannot read /media/films/private: Permission denied"]
final class WalkedFiles: Sendable {
    let files: AsyncStream<MediaFile>
    private let state: WalkState

    init(folder: String) {
        let state = WalkState()
        self.state = state
        let (stream, continuation) = AsyncStream.makeStream(of: MediaFile.self)
        files = stream
        continuation.onTermination = { _ in state.stop() }
        let walker = MediaFolderWalker(root: folder)
        startDetachedThread {
            for event in walker {
                if state.isStopped { break }
                switch event {
                case .file(let file): continuation.yield(file)
                case .problem(let problem): state.add(problem.message)
                }
            }
            continuation.finish()
        }
    }

    var problems: [String] { state.problems }
}

/// What the walk's thread and the scan share: a stop flag and the problems met.
private final class WalkState: Sendable {
    private let shared = Mutex((stopped: false, messages: [String]()))

    var isStopped: Bool { shared.withLock { $0.stopped } }
    var problems: [String] { shared.withLock { $0.messages } }
    func stop() { shared.withLock { $0.stopped = true } }
    func add(_ message: String) { shared.withLock { $0.messages.append(message) } }
}
