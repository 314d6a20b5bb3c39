import Catalog
import Player

/// What `MPVEngine.open` reports: `.loaded` once mpv loaded the title, or `.failed` (at
/// once, or whenever mpv stops later). Iterating it is what keeps that mpv running: mpv starts
/// with the iteration, and cancelling it (or dropping the iterator) ends mpv. The sequence
/// finishes only once mpv has exited, so no process outlives it.
///
///     for await report in engine.open(title, at: 0) {
///         if case .loaded(let info) = report { print(info.chapters) }
///     }
package struct MPVReports: AsyncSequence, Sendable {
    package typealias Element = MediaReport
    package typealias Failure = Never

    let engine: MPVEngine
    let title: Title
    let position: Int

    package func makeAsyncIterator() -> Iterator {
        do {
            let session = try engine.startSession(for: title)
            return Iterator(step: .load(position), lease: SessionLease(session))
        } catch {
            return Iterator(step: .failToStart(error.message), lease: nil)
        }
    }

    package struct Iterator: AsyncIteratorProtocol {
        package typealias Failure = Never

        enum Step {
            case failToStart(String)
            case load(Int)
            /// Loaded: the next report is a failure, whenever it comes.
            case awaitEnd
            /// Failed or closed: the sequence ends once mpv exited.
            case awaitExit
            case done
        }

        var step: Step
        let lease: SessionLease?

        package mutating func next() async -> MediaReport? {
            switch step {
            case .failToStart(let message):
                step = .done
                return .failed(message)
            case .load(let position):
                guard let session = lease?.session else { return nil }
                let report = await withTaskCancellationHandler {
                    await session.load(at: position)
                } onCancel: {
                    session.close()
                }
                if case .loaded = report {
                    step = .awaitEnd
                    return report
                }
                return await reportEnd(report)
            case .awaitEnd:
                guard let session = lease?.session else { return nil }
                _ = await withTaskCancellationHandler {
                    await session.end.value
                } onCancel: {
                    session.close()
                }
                return await reportEnd(session.endReport)
            case .awaitExit:
                await awaitExit()
                return nil
            case .done:
                return nil
            }
        }

        /// `report` (a failure, or nil when closed), and then the end.
        private mutating func reportEnd(_ report: MediaReport?) async -> MediaReport? {
            if let report {
                step = .awaitExit
                return report
            }
            await awaitExit()
            return nil
        }

        private mutating func awaitExit() async {
            step = .done
            guard let session = lease?.session else { return }
            session.close()
            _ = await session.process.exit.value
        }
    }
}

/// Holds a session for an iterator: when the last copy of the iterator goes away, mpv ends.
final class SessionLease: Sendable {
    let session: MPVSession

    init(_ session: MPVSession) {
        self.session = session
    }

    deinit {
        session.close()
    }
}
