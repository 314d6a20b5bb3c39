import Foundation

/// A folder of the test's own (`mkdtemp`), removed when `body` returns, whatever it left there.
///
///     try withTemporaryFolder { folder in try write("", to: "\(folder)/a.mkv") }
func withTemporaryFolder<Result>(_ body: (String) async throws -> Result) async throws -> Result {
    var template = Array((NSTemporaryDirectory() + "/mediascan-XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    let folder = String(cString: created)
    defer {
        // A folder a test made unreadable must be readable again to be removed.
        if let paths = FileManager.default.enumerator(atPath: folder) {
            for case let path as String in paths { chmod("\(folder)/\(path)", 0o755) }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
    return try await body(folder)
}

/// Writes `text` to `path`, making the folders on the way.
func write(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: false, encoding: .utf8)
}

func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}
