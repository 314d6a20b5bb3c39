import Foundation

/// A fresh folder of the test's own (`mkdtemp` under the system's temporary folder), removed
/// with everything in it by `remove()` or when the last reference goes, even what a test made
/// unreadable.
///
///     let folder = try TempFolder(prefix: "spindle-download")
///     try folder.write("x", to: "a.mkv")
///     #expect(folder.exists("a.mkv"))
package final class TempFolder: Sendable {
    package let path: String

    package init(prefix: String = "spindle-test") throws {
        path = try Self.make(prefix: prefix)
    }

    /// The path of a fresh folder (mode 0700) that the caller removes, for a test that keeps a
    /// path rather than a `TempFolder`. Every test's temporary folder is made here.
    ///
    ///     let folder = try TempFolder.make(prefix: "spindle-server")
    ///     defer { try? FileManager.default.removeItem(atPath: folder) }
    package static func make(prefix: String = "spindle-test") throws -> String {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: made)
    }

    deinit { remove() }

    /// `path/name`.
    package func file(_ name: String) -> String { path + "/" + name }

    package func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    package func size(_ name: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file(name))[.size] as? NSNumber)?.int64Value
    }

    /// Writes `text` to `name` in the folder (making the folders on the way); returns the path.
    @discardableResult
    package func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        let url = URL(fileURLWithPath: target)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return target
    }

    /// Removes the folder and everything in it (a folder a test made unreadable is made
    /// readable again first). Safe to call more than once.
    package func remove() {
        if let paths = FileManager.default.enumerator(atPath: path) {
            for case let name as String in paths { chmod(file(name), 0o755) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names in `folder` (recursively, relative to it), sorted.
    package static func contents(of folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    package static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    package static func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }
}

/// A folder of the test's own for the time `body` runs, removed when it returns.
///
///     try await withTemporaryFolder { folder in try write("", to: "\(folder)/a.mkv") }
package func withTemporaryFolder<Result>(_ body: (String) async throws -> Result) async throws -> Result {
    let folder = try TempFolder()
    defer { folder.remove() }
    return try await body(folder.path)
}

/// Writes `text` to `path`, making the folders on the way.
package func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: false, encoding: .utf8)
}

/// Makes `path` and the folders on the way.
package func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}
