/// A media file found in a folder: where it is, how big it is and when it last changed, which
/// is what a rescan compares to tell a changed file from one already stored.
public struct MediaFile: Equatable, Hashable, Sendable, Codable {
    /// Absolute path.
    public var path: String
    /// Bytes.
    public var size: Int64
    /// Last modification, in nanoseconds since 1970 (`st_mtim`).
    public var modified: Int64

    public init(path: String, size: Int64, modified: Int64) {
        self.path = path
        self.size = size
        self.modified = modified
    }
}
