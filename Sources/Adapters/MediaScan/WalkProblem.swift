/// A folder (or file) a walk could not read, in words a user can read on one line; the walk
/// carries on without it.
///
///     WalkProblem(path: "/media/private", message: "cannot read /media/private: Permission denied")
package struct WalkProblem: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    package var path: String
    /// The whole sentence, path included.
    package var message: String
    /// Something the walk leaves out by design (a link out of the folder), not a failure.
    package var isSkip: Bool

    package init(path: String, message: String, isSkip: Bool = false) {
        self.path = path
        self.message = message
        self.isSkip = isSkip
    }

    package var description: String { message }
}
