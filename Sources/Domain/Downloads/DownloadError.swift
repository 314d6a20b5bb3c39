/// Why a download failed, in words a user can read (`message` is what the list shows).
///
///     throw DownloadError("the server closed the connection at 42%; try again")
package struct DownloadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sentence for the user: what happened and what to do.
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    /// Any error as a `DownloadError`: its own message, or the error's description.
    package init(describing error: any Error) {
        self.message = (error as? DownloadError)?.message ?? "\(error)"
    }

    package var description: String { message }
}
