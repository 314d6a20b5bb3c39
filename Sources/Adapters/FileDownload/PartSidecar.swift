import Catalog
import Foundation
import JSON

/// What `FINAL.part.json` keeps beside a part: the server's validators and the file's total,
/// so that a later attempt asks for the same bytes (`If-Range`) and checks the answer's total.
///
/// Written durably (temp, fsync, rename, folder fsync) before the part's first byte, so a part
/// without its sidecar was not left by a downloader and is started over.
struct PartSidecar: Codable, Equatable, Sendable {
    var etag: String?
    var lastModified: String?
    var total: Int64?

    /// `FINAL.part.json`.
    static func path(forPart part: String) -> String { part + ".json" }

    /// The validator an `If-Range` can carry: a strong ETag, else Last-Modified (a weak ETag
    /// cannot be used for ranges), else nil.
    var ifRange: String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }

    /// The sidecar at `path`, or nil when it is missing or unreadable (nesting past
    /// `JSONNesting.maximumDepth` too).
    static func load(_ path: String) -> PartSidecar? {
        guard let bytes = Disk.contents(of: path), JSONNesting.tooDeep(bytes) == nil else { return nil }
        return try? JSONDecoder().decode(PartSidecar.self, from: Data(bytes))
    }

    /// Writes it to `path` durably.
    func save(_ path: String) throws(FileDownloadError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(self) } catch {
            throw .cannotWrite(path: path, reason: "cannot encode the sidecar")
        }
        try Disk.writeDurably([UInt8](data), to: path)
    }
}
