import Catalog
import Spin
import Synchronization

/// One `Action` per title: a download outside a spin (a command line, a script) with Action's
/// semantics: one execution per title at a time (a second `download` of a title still running
/// throws `ActionError.notEnabled` and fetches nothing), cancel by cancelling the caller
/// (`ActionError.cancelled`), a failure as `ActionError.underlyingError(DownloadError)`, and a
/// retry is simply another `download` once the first has ended.
///
///     let actions = DownloadActions(source: source) { id, part, progress in print(id, part, progress) }
///     let copy = try await actions.download(title)
///
/// The downloads spin gives the same guarantee with no `Action`: its reducer refuses a request
/// for a queued or running title (`DownloadNotice.alreadyDownloading`) and its keyed `react`
/// runs one effect per part of each running title.
package final class DownloadActions<Source: DownloadSource>: Sendable {
    private let source: Source
    private let onProgress: @Sendable (String, DownloadPart, DownloadProgress) -> Void
    private let actions = Mutex<[String: Action<Title, LocalCopy>]>([:])

    package init(
        source: Source,
        onProgress: @escaping @Sendable (String, DownloadPart, DownloadProgress) -> Void = { _, _, _ in }
    ) {
        self.source = source
        self.onProgress = onProgress
    }

    /// The action that downloads the title with this id (the same one every time).
    package func action(for id: String) -> Action<Title, LocalCopy> {
        actions.withLock { actions in
            if let action = actions[id] { return action }
            let source = self.source
            let onProgress = self.onProgress
            let action = Action<Title, LocalCopy>(perform: { title in
                try await source.fetch(title) { part, progress in onProgress(title.id, part, progress) }
            })
            actions[id] = action
            return action
        }
    }

    /// Downloads every part of `title` with the title's action.
    package func download(_ title: Title) async throws(ActionError) -> LocalCopy {
        let copies = try await action(for: title.id).execute(title)
        guard let copy = copies.first else { throw .cancelled }
        return copy
    }
}
