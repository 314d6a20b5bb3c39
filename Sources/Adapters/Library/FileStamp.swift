/// What the library remembers of a scanned file to tell whether it changed: its size and its
/// modification time (nanoseconds since 1970), as `MediaFile` has them.
package struct FileStamp: Equatable, Hashable, Sendable {
    package var size: Int64
    package var modified: Int64

    package init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }
}
