/// A media file found in a folder: where it is, how big it is and when it last changed, which
/// is what a rescan compares to tell a changed file from one already stored.
package struct MediaFile: Equatable, Hashable, Sendable, Codable {
    /// Absolute path.
    package var path: String
    /// Bytes.
    package var size: Int64
    /// Last modification, in nanoseconds since 1970 (`st_mtim`).
    package var modified: Int64

    package init(path: String, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}
