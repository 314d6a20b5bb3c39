import Foundation
import Testing

/// The deadline and pace of `eventually`, the one way tests wait for something that happens in
/// real time (a thread, a process, a server, a file, a screen): the toolkit's tests and the
/// Spindle app's alike.
///
/// The deadline is generous, 60 s, because a wait costs only as long as the condition takes to
/// hold: it is there for a machine under load, not for a failing test to be quick. Set
/// `SPINDLE_TEST_WAIT_SCALE` (a number, 1 by default) to stretch or shrink it.
public enum Wait {
    /// 60 s times `SPINDLE_TEST_WAIT_SCALE`.
    public static let deadline: Duration = .seconds(60) * scale

    /// How long a wait sleeps between two looks at its condition.
    public static let poll: Duration = .milliseconds(20)

    /// `SPINDLE_TEST_WAIT_SCALE` if it is a positive number, else 1.
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["SPINDLE_TEST_WAIT_SCALE"],
              let value = Double(text), value > 0 else { return 1 }
        return value
    }()
}

/// A wait that ran out: what was awaited and, when there is one, what was last seen.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let description: String
}

/// Waits until `condition` holds: looks at it every `Wait.poll` until it does or `Wait.deadline`
/// passes. On time out, records an issue that names what was awaited, and returns false.
///
///     #expect(await eventually("mpv has started") { engine.currentProcessID != nil })
///     guard await eventually("the server has no connection open", { server.connections.open == 0 }) else { return }
@discardableResult
public func eventually(
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

/// Waits until what `observe` returns satisfies `condition`, and returns that value. On time out,
/// records an issue that names what was awaited and shows the last value seen, and throws
/// `WaitTimedOut`, so that the test stops there. `poll` paces the looks when each costs more
/// than a read (a process started, a request sent).
///
///     let screen = try await eventually("the list's footer", observe: { try tmux.screen() }) { $0.contains("1 / 50") }
@discardableResult
public func eventually<Value>(
    _ awaited: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation,
    every poll: Duration = Wait.poll,
    observe: () async throws -> Value,
    until condition: (Value) throws -> Bool
) async throws -> Value {
    let deadline = ContinuousClock.now + Wait.deadline
    while true {
        let value = try await observe()
        if try condition(value) { return value }
        guard ContinuousClock.now < deadline else {
            let message = "Waited \(Wait.deadline) for \(awaited()), in vain; last seen:\n\(value)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            throw WaitTimedOut(description: message)
        }
        try await Task.sleep(for: poll)
    }
}

/// `eventually` for code that cannot suspend (a `deinit`, a clean-up): blocks the thread between
/// two looks at `condition`. A name of its own: an overload would be chosen for any closure
/// that does not suspend, and block a task's thread.
@discardableResult
public func eventuallyBlocking(
    _ awaited: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = ContinuousClock.now + Wait.deadline
    while true {
        if try condition() { return true }
        guard ContinuousClock.now < deadline else { break }
        Thread.sleep(forTimeInterval: Double(Wait.poll.components.seconds) + Double(Wait.poll.components.attoseconds) / 1e18)
    }
    Issue.record("Waited \(Wait.deadline) for \(awaited()), in vain", sourceLocation: sourceLocation)
    return false
}

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that waits in real time: a guard against a hang, with room for
    /// ten waits at `Wait.deadline`.
    public static var waitsInRealTime: Self {
        .timeLimit(.minutes(max(1, Int((10 * Wait.scale).rounded(.up)))))
    }
}
