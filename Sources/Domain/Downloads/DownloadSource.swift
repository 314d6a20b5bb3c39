import Catalog

/// Where the bytes of a download come from, and the only place they come from: the HTTP client
/// of a library server, or `SimulatedDownloadSource`.
///
///     struct HTTPSource: DownloadSource {
///         func transfer(_ part: DownloadPart, of title: Title) -> AsyncThrowingStream<DownloadProgress, any Error> { … }
///         func deleteLocalCopy(of title: Title) async throws { … }
///     }
///
/// A transfer reports `.size`, then `.resumed` when it continues bytes kept from an earlier
/// attempt, then `.received` as bytes arrive, then `.finished(localPath:)`;
/// it throws (preferably a `DownloadError`, whose message the user sees) when the part cannot be
/// fetched. Cancelling the task that iterates it must stop it promptly: a cancelled transfer
/// ends (returns nil or throws `CancellationError`) and fetches nothing more.
package protocol DownloadSource: Sendable {
    associatedtype Transfer: AsyncSequence<DownloadProgress, any Error> & Sendable

    /// Fetches one part of `title`, reporting its progress. Each call starts over.
    func transfer(_ part: DownloadPart, of title: Title) -> Transfer

    /// Deletes whatever was stored for `title`, finished or partial. Deleting what is not
    /// there succeeds.
    func deleteLocalCopy(of title: Title) async throws

    /// The titles whose files are stored whole, as the storage itself says (not a journal):
    /// what a lost downloads journal is rebuilt from. None by default.
    func storedTitles() -> [(title: Title, copy: LocalCopy)]
}

extension DownloadSource {
    package func storedTitles() -> [(title: Title, copy: LocalCopy)] { [] }
}
