/// A folder (or file) a walk could not read, in words a user can read on one line; the walk
/// carries on without it.
///
///     WalkProblem(path: "/media/private", message: "cannot read /media/private: Permission denied")
package struct WalkProblem: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    package var path: String
    /// The whole sentence, path included.
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { message }
}
