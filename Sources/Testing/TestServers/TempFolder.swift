import Foundation

/// A fresh folder under /tmp for one test, removed by `remove()`.
///
///     let folder = try TempFolder(prefix: "spindle-download")
///     defer { folder.remove() }
package struct TempFolder: Sendable {
    package let path: String

    package init(prefix: String = "spindle-download") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    /// `path/name`.
    package func file(_ name: String) -> String { path + "/" + name }

    package func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    package func size(_ name: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file(name))[.size] as? NSNumber)?.int64Value
    }

    package func remove() {
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
