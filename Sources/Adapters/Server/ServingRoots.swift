import MediaScan
#if canImport(Glibc)
import Glibc
#endif

/// The folders `spindle serve` streams files from (`LibraryDatabase.servingRoots`), as real
/// paths, and the check every file passes once it is open: the real path of the open
/// descriptor (every link resolved, read from /proc/self/fd after the open, so a file swapped
/// for a link meanwhile is caught too) must be inside one of them, with no hidden name
/// (`.ssh`, `.config`) on the way. A link in a media folder to /etc/shadow is not served.
///
///     let roots = ServingRoots(["/media/films"])
///     roots.allows(descriptor: fd)   // false for a file opened through a link out of /media/films
struct ServingRoots: Sendable {
    let realRoots: [String]

    init(_ roots: [String]) {
        realRoots = roots.compactMap(MediaFolderWalker.realPath)
    }

    func allows(descriptor: Int32) -> Bool {
        guard let path = Self.realPath(of: descriptor) else { return false }
        return allows(realPath: path)
    }

    func allows(realPath path: String) -> Bool {
        realRoots.contains { root in
            guard MediaFolderWalker.isInside(path, root), path != root else { return false }
            let below = path.dropFirst(root == "/" ? 1 : root.count + 1)
            return !below.split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// What the open descriptor is, as the kernel knows it.
    static func realPath(of descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A file deleted while open reads "/path (deleted)": not one to serve.
        return path.hasSuffix(" (deleted)") ? nil : path
    }
}
