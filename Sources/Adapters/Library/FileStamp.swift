/// What the library remembers of a scanned file to tell whether it changed: its size and its
/// modification time (nanoseconds since 1970), as `MediaFile` has them.
public struct FileStamp: Equatable, Hashable, Sendable {
    public var size: Int64
    public var modified: Int64

    public init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }
}
