#if canImport(Glibc)
import Glibc
#endif

/// Finds the media files in folders, recursively: a sequence of `WalkEvent`s, produced as it
/// goes, so that a scan can tell "found 1,204" on a big tree before the end.
///
///     let walker = MediaFolderWalker(roots: ["/media/films", "/media/shows"])
///     for event in walker {
///         if case .file(let file) = event { found += 1 }
///     }
///     let (files, problems) = walker.walkAll()   // or all at once
///
/// - A media file has one of `mediaExtensions` (any case) and is a regular file (or a symbolic
///   link to one inside the same root, listed under the link's path).
/// - Hidden entries (names starting with a dot) are skipped, files and folders alike.
/// - Symbolic links are followed only when their target is inside the root they were found in
///   (after resolving every link): a link to /etc/passwd or to a sibling folder is a `.problem`
///   ("not following …: it links outside the folder"), never listed, so the library (and
///   `spindle serve`) holds nothing from outside its folders. Each folder is walked once (by
///   device and inode), so a link back up the tree makes no loop.
/// - A folder that cannot be read is a `.problem` ("cannot read /x: Permission denied"), and the
///   walk goes on with the rest.
/// - Each folder's entries come in sorted order, depth first, so the order is the same every time.
///
/// Paths are absolute: a relative root is taken from the current directory. Blocking file system
/// calls: iterate off the main thread for big trees.
package struct MediaFolderWalker: Sequence, Sendable {
    /// Lowercased extensions, without the dot, of the files a walk yields.
    package static let mediaExtensions: Set<String> = [
        "mkv", "mp4", "webm", "avi", "mov", "m4v", "ts", "ogv", "mp3", "flac", "m4a", "opus",
    ]

    package var roots: [String]

    package init(roots: [String]) {
        self.roots = roots
    }

    package init(root: String) {
        self.init(roots: [root])
    }

    package func makeIterator() -> Iterator {
        Iterator(roots: roots.map(Self.absolute))
    }

    /// The whole walk at once: every media file, and every problem met.
    package func walkAll() -> (files: [MediaFile], problems: [WalkProblem]) {
        var files: [MediaFile] = []
        var problems: [WalkProblem] = []
        for event in self {
            switch event {
            case .file(let file): files.append(file)
            case .problem(let problem): problems.append(problem)
            }
        }
        return (files, problems)
    }

    /// Whether `name` has a media extension (any case): `Film.MKV` does, `.mkv` and `mkv` do not.
    package static func isMediaName(_ name: some StringProtocol) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return mediaExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// `path` made absolute against the current directory, without a trailing slash.
    static func absolute(_ path: String) -> String {
        var result = path
        if !result.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                result = result.isEmpty || result == "." ? directory : joined(directory, result)
            }
        }
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// `path` with every link resolved (`realpath`), or nil when it leads nowhere.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `folder` or below it (both real paths).
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
