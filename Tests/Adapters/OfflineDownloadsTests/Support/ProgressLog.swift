import Downloads
import SpinTesting
import Synchronization
import Testing
import TestSupport

/// The progress a transfer reported, kept for a test to read while it runs and after.
final class ProgressLog: Sendable {
    private struct State {
        var events: [DownloadProgress] = []
        var received = 0
    }

    private let state = Mutex(State())

    var all: [DownloadProgress] { state.withLock { $0.events } }

    /// The last `.received`, or 0.
    var received: Int { state.withLock { $0.received } }

    func record(_ event: DownloadProgress) {
        state.withLock { state in
            state.events.append(event)
            if case .received(let bytes) = event { state.received = bytes }
            if case .resumed(let bytes) = event { state.received = bytes }
        }
    }

    /// Consumes `transfer` to its end, recording each event.
    func consume(_ transfer: AsyncThrowingStream<DownloadProgress, any Error>) async throws {
        for try await event in transfer { record(event) }
    }

    /// Waits (`eventually`) until at least `bytes` were reported received; false, with an
    /// issue, if they never are.
    @discardableResult
    func waitUntilReceived(_ bytes: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await eventually("\(bytes) bytes reported received, \(received) so far", sourceLocation: sourceLocation) {
            received >= bytes
        }
    }

    /// True when the events are `.size`, then `.resumed` (if the part continues), then
    /// `.received` (never decreasing), then one `.finished`, last.
    var isInOrder: Bool {
        var events = all[...]
        guard events.count >= 3, case .size = events.first, case .finished = events.last else { return false }
        events = events.dropFirst().dropLast()
        var last = -1
        if case .resumed(let bytes) = events.first {
            last = bytes
            events = events.dropFirst()
        }
        for event in events {
            guard case .received(let bytes) = event, bytes >= last else { return false }
            last = bytes
        }
        return true
    }

    /// The path of the `.finished` event, if any.
    var finishedPath: String? {
        for event in all { if case .finished(let path) = event { return path } }
        return nil
    }
}
