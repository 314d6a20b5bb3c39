import Foundation
import Spin
import SpinJournal
import SpinTesting
import Testing

@Suite("Record and replay")
struct RecordingTests {
    /// A note arrives 1.5 s after each amount added (an effect on the clock), so the recording
    /// holds events of the user and of an effect, at different times.
    static let echo = Feedback<Tally, TallyEvent>.react(query: { $0.total > 0 ? $0.total : nil }) { total async -> TallyEvent? in
        try? await Effect.sleep(for: .milliseconds(1_500))
        return Task.isCancelled ? nil : .noted("total \(total)")
    }

    @Test("a recorded run replayed on a virtual clock, with no effect feedbacks, ends in the same state")
    func replayEndsInTheSameState() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let file = "\(directory.path)/run.jsonl"

        let recorded = TestStore(initialState: Tally(total: 0, notes: ["before"])) {
            Recording<Tally, TallyEvent>.recorder(toFile: file)
            Self.echo
            TallyEvent.reducer
        }
        recorded.exhaustivity = .off
        await recorded.send(.added(2))
        await recorded.advance(by: .seconds(2))
        await recorded.send(.ticked)
        await recorded.send(.added(3))
        await recorded.advance(by: .seconds(1))
        await recorded.send(.added(4))            // cancels the echo of 5
        await recorded.advance(by: .seconds(3))
        recorded.skipReceivedEvents()
        let final = recorded.state
        await recorded.finish()
        #expect(final.notes == ["before", "total 2", "total 9"])

        let recording = try Recording<Tally, TallyEvent>.load(fromFile: file)
        #expect(recording.initialState == Tally(total: 0, notes: ["before"]))
        #expect(recording.events.map(\.at) == [
            .zero, .milliseconds(1_500), .seconds(2), .seconds(2), .seconds(3), .milliseconds(4_500),
        ])

        let replayed = TestStore(initialState: recording.initialState) {
            recording.replay()
            TallyEvent.reducer
        }
        replayed.exhaustivity = .off
        await replayed.advance(by: .seconds(5))
        replayed.skipReceivedEvents()
        #expect(replayed.state == final)
        await replayed.finish()
    }

    @Test("a recording cut short by a kill loses only its torn last line")
    func tornRecording() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try directory.write(#"{"initialState":{"total":1,"notes":[],"frames":0}}"# + "\n"
                            + #"{"at":5,"event":{"added":{"_0":2}}}"# + "\n" + #"{"at":9,"eve"#, to: "run.jsonl")
        let recording = try Recording<Tally, TallyEvent>.load(fromFile: "\(directory.path)/run.jsonl")
        #expect(recording.events.map(\.event) == [.added(2)])
        #expect(recording.events.first?.at == .nanoseconds(5))
    }
}
