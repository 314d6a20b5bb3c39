import Downloads
import Foundation
import ServerWire

/// The few questions and changes the source makes of the disk outside FileDownloader.
enum LocalFiles {
    /// The size of the regular file at `path`, or nil when there is none.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// `path` made absolute against the current directory, without a trailing slash.
    static func absolute(_ path: String) -> String {
        var path = path.isEmpty ? "." : path
        if !path.hasPrefix("/") { path = FileManager.default.currentDirectoryPath + "/" + path }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Renames `source` to `target` in the same folder, then fsyncs the folder so that the new
    /// name survives a crash.
    static func moveDurably(_ source: String, to target: String) throws(DownloadError) {
        guard rename(source, target) == 0 else {
            let reason = String(cString: strerror(errno))
            throw DownloadError(TextCleaning.clean("cannot rename \(source): \(reason)", limit: 300))
        }
        let folder = (target as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        fsync(descriptor)
    }

    /// Removes `folder` and what it holds; a missing folder is nothing to do.
    static func removeFolder(_ folder: String) throws(DownloadError) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        do {
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            guard lstat(folder, &info) == 0 else { return }   // gone meanwhile
            let reason = (error as NSError).localizedDescription
            throw DownloadError(TextCleaning.clean("cannot delete \(folder): \(reason)", limit: 300))
        }
    }
}
