import Foundation

/// A fresh folder under /tmp for one test, removed by `remove()`.
struct TempFolder: Sendable {
    let path: String

    init() throws {
        var template = Array("/tmp/spindle-download-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    /// `path/name`.
    func file(_ name: String) -> String { path + "/" + name }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

    func size(_ name: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file(name))[.size] as? NSNumber)?.int64Value
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
