import Catalog
import ServerWire

extension RemoteProvider {
    /// The server library's changes, as they happen: one request waits on the server
    /// (`GET /v1/changes?since=N&wait=20`) and comes back as soon as the library changed (a
    /// scan, another client's watch marks), so a change shows within a second or so, and an
    /// idle client only holds that request. An unreachable server is asked again after
    /// `retry`; the stream ends when its task is cancelled.
    ///
    ///     for await _ in provider.changes() { reloadTheList() }
    package func changes(retry: Duration = .seconds(5)) -> AsyncStream<Void> {
        let waiting = Duration.seconds(20)
        return AsyncStream { continuation in
            let task = Task {
                var known: Int?
                // Back after the server could not be reached: whatever happened meanwhile is
                // told (and the marks that waited are sent with the reading that follows).
                var wasUnreachable = false
                while !Task.isCancelled {
                    let url = server.url(WireProtocol.changesPath + (known.map { "?since=\($0)&wait=\(waiting.components.seconds)" } ?? ""))
                    do {
                        guard let answer = try await fetch(WireChanges.self, from: url, notFound: .isNil,
                                                                  timeout: waiting + .seconds(10)) else {
                            break  // a server without changes to tell (older)
                        }
                        if let known, answer.generation != known || wasUnreachable { continuation.yield() }
                        known = answer.generation
                        wasUnreachable = false
                    } catch {
                        if Task.isCancelled { break }
                        wasUnreachable = true
                        try? await Task.sleep(for: retry)
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
