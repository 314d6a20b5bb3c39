#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Spin

/// A recorded session: the state a spin started from and every event it reduced, each with the
/// time it came (on the spin's clock, from the start). Replaying it on a clock, with no effect
/// feedbacks, ends in the same state: the effects' results are among the recorded events.
///
///     let spin = Spin(initialState: state) { Recording<S, E>.recorder(toFile: "run.jsonl"); ...; Reducer(r) }
///     // later
///     let recording = try Recording<S, E>.load(fromFile: "run.jsonl")
///     let replay = Spin(initialState: recording.initialState) { recording.replay(); Reducer(r) }
///
/// File: JSON Lines; the first line is `{"initialState":…}`, each next one
/// `{"at":<nanoseconds>,"event":…}`.
public struct Recording<State: Codable & Sendable, Event: Codable & Sendable>: Sendable {
    /// The state the recorded spin started from: a replay starts from it too.
    public var initialState: State
    /// Every reduced event, in order, with its time: `recording.events.last?.at` is the length.
    public var events: [RecordedEvent<Event>]

    /// A recording of `events` from `initialState` (for tests and tools).
    ///
    ///     Recording(initialState: 0, events: [RecordedEvent(at: .seconds(1), event: .increment)])
    public init(initialState: State, events: [RecordedEvent<Event>]) {
        self.initialState = initialState
        self.events = events
    }

    struct Header: Codable { var initialState: State }

    /// Reads a file written by `recorder(toFile:)`. A torn last line (the recording app was
    /// killed) is dropped; a corrupt line before it is an error naming file and line.
    ///
    ///     let recording = try Recording<AppState, AppEvent>.load(fromFile: "session.jsonl")
    public static func load(fromFile path: String) throws(JournalError) -> Recording {
        guard let bytes = try DurableFile.readAll(path) else {
            throw .unreadable(file: path, reason: "no such file")
        }
        let decoder = JSONDecoder()
        var initialState: State?
        var events: [RecordedEvent<Event>] = []
        var lineNumber = 0
        var start = 0
        while start < bytes.count, let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lineNumber += 1
            try JSONDepth.check(bytes[start..<end], file: path, line: lineNumber)
            let line = Data(bytes[start..<end])
            start = end + 1
            do {
                if initialState == nil {
                    initialState = try decoder.decode(Header.self, from: line).initialState
                } else {
                    events.append(try decoder.decode(RecordedEvent<Event>.self, from: line))
                }
            } catch {
                throw .corruptLine(file: path, line: lineNumber, reason: Journal<State, Event>.reason(error))
            }
        }
        guard let initialState else { throw .corruptLine(file: path, line: 1, reason: "no initial state") }
        return Recording(initialState: initialState, events: events)
    }
}

/// One recorded event and when it came, from the start of the recording.
///
///     RecordedEvent(at: .milliseconds(1_500), event: .keyPressed(.down))
public struct RecordedEvent<Event: Codable & Sendable>: Codable, Sendable {
    /// Time since the spin started, on its clock.
    public var at: Duration
    /// The event as reduced.
    public var event: Event

    /// An event that came `at` after the start.
    ///
    ///     RecordedEvent(at: .seconds(2), event: .ticked)
    public init(at: Duration, event: Event) {
        self.at = at
        self.event = event
    }

    enum CodingKeys: String, CodingKey { case at, event }

    /// Reads `{"at":<nanoseconds>,"event":…}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = .nanoseconds(try container.decode(Int64.self, forKey: .at))
        event = try container.decode(Event.self, forKey: .event)
    }

    /// Writes `{"at":<nanoseconds>,"event":…}` (whole nanoseconds: a replay keeps the order and the pace).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let (seconds, attoseconds) = at.components
        try container.encode(seconds * 1_000_000_000 + attoseconds / 1_000_000_000, forKey: .at)
        try container.encode(event, forKey: .event)
    }
}
