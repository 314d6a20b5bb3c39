import Catalog
import Foundation
import JSON

/// `title.json` in a title's folder: the title as it was when its download started, so that
/// the downloads folder alone says what it holds. A lost downloads journal is rebuilt from
/// these (`FileDownloadSource.storedTitles()`): no stored file is orphaned.
///
///     try TitleManifest.write(title, inFolder: folder)
///     TitleManifest.read(inFolder: folder)   // the title, or nil
enum TitleManifest {
    static let fileName = "title.json"
    /// A title's fields fit in far less: anything bigger is not a manifest.
    static let maxBytes = 256 << 10

    /// Writes the manifest whole (temporary file, rename), making the folder (0700) if needed;
    /// the file is the user's own (0600).
    static func write(_ title: Title, inFolder folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = folder + "/" + fileName
        try JSONEncoder().encode(title).write(to: URL(fileURLWithPath: path), options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    /// The title in `folder`'s manifest; nil when there is none, or it is not a plain file of a
    /// title (a link, a device, too big, not JSON, nesting past `JSONNesting.maximumDepth`).
    static func read(inFolder folder: String) -> Title? {
        let path = folder + "/" + fileName
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= maxBytes,
              let data = FileManager.default.contents(atPath: path), JSONNesting.tooDeep(data) == nil else { return nil }
        return try? JSONDecoder().decode(Title.self, from: data)
    }
}
