/// A folder (or file) a walk could not read, in words a user can read on one line; the walk
/// carries on without it.
///
///     WalkProblem(path: "/media/private", message: "cannot read /media/private: Permission denied")
public struct WalkProblem: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var path: String
    /// The whole sentence, path included.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { message }
}
