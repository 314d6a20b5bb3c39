#if canImport(Glibc)
import Glibc
#endif

extension MediaFolderWalker {
    /// Walks depth first: each folder is read whole (its names sorted) when the walk enters it,
    /// and held open no longer, so a deep tree costs no file descriptors.
    package struct Iterator: IteratorProtocol {
        /// A folder being walked: its path and the names still to visit, last first.
        private struct Frame {
            var path: String
            var names: [String]
        }

        private struct FolderID: Hashable {
            var device: UInt64
            var inode: UInt64
        }

        private var roots: [String]
        /// The real path (links resolved) of the root being walked: no link leads out of it.
        private var realRoot: String?
        private var frames: [Frame] = []
        private var visited: Set<FolderID> = []
        /// Problems met while entering a folder, handed out before anything else.
        private var pending: [WalkProblem] = []

        init(roots: [String]) {
            self.roots = roots.reversed()
        }

        package mutating func next() -> WalkEvent? {
            while true {
                if !pending.isEmpty { return .problem(pending.removeFirst()) }
                if frames.isEmpty {
                    guard let root = roots.popLast() else { return nil }
                    realRoot = MediaFolderWalker.realPath(root)
                    if let event = visit(root, isRoot: true) { return event }
                    continue
                }
                guard let name = frames[frames.count - 1].names.popLast() else {
                    frames.removeLast()
                    continue
                }
                let path = MediaFolderWalker.joined(frames[frames.count - 1].path, name)
                if let event = visit(path, isRoot: false) { return event }
            }
        }

        /// A file's event, or nil after entering a folder (or skipping an entry).
        private mutating func visit(_ path: String, isRoot: Bool) -> WalkEvent? {
            if !isRoot, let problem = linkOutOfRoot(path) { return problem }
            var info = stat()
            guard stat(path, &info) == 0 else {
                let error = errno
                // A dangling link or an entry removed meanwhile matters only if it was media.
                if isRoot || MediaFolderWalker.isMediaName(path) {
                    return .problem(Self.problem(path, error))
                }
                return nil
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                enter(path, info)
                return nil
            case S_IFREG where MediaFolderWalker.isMediaName(path):
                return .file(MediaFile(
                    path: path, size: Int64(info.st_size),
                    modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
            default:
                return nil
            }
        }

        private mutating func enter(_ path: String, _ info: stat) {
            guard visited.insert(FolderID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else {
                return
            }
            guard let folder = opendir(path) else {
                pending.append(Self.problem(path, errno))
                return
            }
            defer { closedir(folder) }
            var names: [String] = []
            while true {
                errno = 0
                guard let entry = readdir(folder) else {
                    if errno != 0 { pending.append(Self.problem(path, errno)) }
                    break
                }
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                }
                guard let name else {
                    pending.append(WalkProblem(
                        path: path, message: "cannot read a name in \(path): it is not UTF-8"))
                    continue
                }
                if name.hasPrefix(".") { continue }  // ".", "..", and hidden entries
                names.append(name)
            }
            frames.append(Frame(path: path, names: names.sorted(by: >)))
        }

        /// A problem when `path` is a symbolic link whose target is outside the root (a link to
        /// /etc/passwd, to a sibling folder), which the walk does not follow: the library holds
        /// only what is inside its folders. Only links to folders and media files are reported;
        /// nil for anything else.
        private func linkOutOfRoot(_ path: String) -> WalkEvent? {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
            // A dangling link is left to `visit`, which says it cannot be read.
            guard let realRoot, let target = MediaFolderWalker.realPath(path) else { return nil }
            if MediaFolderWalker.isInside(target, realRoot) { return nil }
            var targetInfo = stat()
            let isFolder = stat(path, &targetInfo) == 0 && targetInfo.st_mode & S_IFMT == S_IFDIR
            guard isFolder || MediaFolderWalker.isMediaName(path) else { return nil }
            return .problem(WalkProblem(path: path, message: "not following \(path): it links outside the folder", isSkip: true))
        }

        private static func problem(_ path: String, _ error: Int32) -> WalkProblem {
            WalkProblem(path: path, message: "cannot read \(path): \(String(cString: strerror(error)))")
        }
    }
}
