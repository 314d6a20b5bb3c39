import Foundation

/// A fresh folder under /tmp for one test, removed by `remove()`.
///
///     let folder = try TempFolder(prefix: "spindle-download")
///     defer { folder.remove() }
public struct TempFolder: Sendable {
    public let path: String

    public init(prefix: String = "spindle-download") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    /// `path/name`.
    public func file(_ name: String) -> String { path + "/" + name }

    public func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    public func size(_ name: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file(name))[.size] as? NSNumber)?.int64Value
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The names in `folder` (recursively, relative to it), sorted.
    public static func contents(of folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public static func size(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
    }
}
