import Catalog
import Spin
import Synchronization

/// The downloads spin's `Action`s, one per title id, made on first use: each execution fetches
/// the parts of one attempt concurrently and sends each report, as a downloads event, through
/// the effect that runs it.
///
///     let action = feedbacks.actions.action(for: "film")
///     for await busy in action.isExecuting { … }      // true while film downloads
package final class TitleActions<Source: DownloadSource>: Sendable {
    /// One execution's input: what to fetch, and where its reports go.
    package struct Execution: Sendable {
        package var request: TransferRequest
        let send: Emitter<DownloadsEvent>
    }

    private let source: Source
    private let elapsed: @Sendable () -> Duration
    private let actions = Mutex<[String: Action<Execution, Void>]>([:])

    init(source: Source, elapsed: @escaping @Sendable () -> Duration) {
        self.source = source
        self.elapsed = elapsed
    }

    /// The title's action (the same one every time).
    package func action(for id: String) -> Action<Execution, Void> {
        actions.withLock { actions in
            if let action = actions[id] { return action }
            let (source, elapsed) = (self.source, self.elapsed)
            let action = Action<Execution, Void>(perform: { execution in
                try await Self.fetch(execution, from: source, elapsed: elapsed)
            })
            actions[id] = action
            return action
        }
    }

    /// Executes the request's action in the caller's task (the effect's); returns the last event:
    /// nil when every part finished (their reports were sent) or the execution was cancelled,
    /// `.failed` with the part and the reason otherwise.
    func run(_ request: TransferRequest, send: Emitter<DownloadsEvent>) async -> DownloadsEvent? {
        let action = action(for: request.title.id)
        let execution = Execution(request: request, send: send)
        while !Task.isCancelled {
            do throws(ActionError) {
                try await action.execute(execution)
                return nil
            } catch {
                switch error {
                case .notEnabled:
                    // The title's previous execution (cancelled) has not ended yet: wait for it.
                    for await isEnabled in action.isEnabled where isEnabled || Task.isCancelled { break }
                case .cancelled:
                    return nil
                case .underlyingError(let error):
                    if Task.isCancelled { return nil }
                    let failure = error as? PartFailure
                    return .failed(request.title.id, failure?.part ?? .video,
                                   message: failure?.message ?? DownloadError(describing: error).message)
                }
            }
        }
        return nil
    }

    /// The work: every part at once (`DownloadSource.fetch`), each report sent as it comes; the
    /// first part that fails cancels the others.
    static func fetch(_ execution: Execution, from source: Source, elapsed: @escaping @Sendable () -> Duration) async throws {
        let title = execution.request.title
        _ = try await source.fetch(
            title, parts: execution.request.parts,
            onProgress: { part, report in execution.send(.progressed(title.id, part, report, at: elapsed())) },
            failure: { part, error in PartFailure(part: part, message: DownloadError(describing: error).message) })
    }
}

/// A part that could not be fetched, and why (for the user).
struct PartFailure: Error {
    var part: DownloadPart
    var message: String
}
