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
///     walk.skipped     // ["not following /media/films/etc: it links outside the folder"]
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
                case .problem(let problem): state.add(problem)
                }
            }
            continuation.finish()
        }
    }

    /// The folders and files it could not read.
    var problems: [String] { state.problems.filter { !$0.isSkip }.map(\.message) }
    /// What it left out by design (links out of the folder).
    var skipped: [String] { state.problems.filter(\.isSkip).map(\.message) }
}

/// What the walk's thread and the scan share: a stop flag and the problems met.
private final class WalkState: Sendable {
    private let shared = Mutex((stopped: false, problems: [WalkProblem]()))

    var isStopped: Bool { shared.withLock { $0.stopped } }
    var problems: [WalkProblem] { shared.withLock { $0.problems } }
    func stop() { shared.withLock { $0.stopped = true } }
    func add(_ problem: WalkProblem) { shared.withLock { $0.problems.append(problem) } }
}
