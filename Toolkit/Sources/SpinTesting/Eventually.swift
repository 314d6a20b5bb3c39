import Foundation
import Testing

/// How long the toolkit's own tests wait for something that happens in real time (a thread
/// that ends, a job that runs): 60 s times `SPINDLE_TEST_WAIT_SCALE` (docs/testing.md). A wait
/// costs only as long as its condition takes to hold. The app's tests have the same in their
/// `TestSupport` module; this one is `package`, for the toolkit's tests only.
package enum Wait {
    package static let deadline: Duration = .seconds(60) * scale
    package static let poll: Duration = .milliseconds(1)
    package static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["SPINDLE_TEST_WAIT_SCALE"],
              let value = Double(text), value > 0 else { return 1 }
        return value
    }()
}

/// Waits until `condition` holds: looks at it every `Wait.poll` until it does or `Wait.deadline`
/// passes. On time out, records an issue that names what was awaited, and returns false.
@discardableResult
package func eventually(
    _ awaited: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + Wait.deadline
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { break }
        try? await Task.sleep(for: Wait.poll)
    }
    Issue.record("Waited \(Wait.deadline) for \(awaited()), in vain", sourceLocation: sourceLocation)
    return false
}
