import Foundation
import Spin
import SpinJournal
import SpinTesting
import Synchronization
import Testing

/// An executor that keeps the jobs it is given until the test runs them: "the effects have not
/// run yet" is then a state a test can look at.
final class HeldExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs what is queued, and what those jobs queue, until nothing is left (a job asleep on a
    /// clock waits for the clock).
    func runAll() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

@Suite("Event journal: opened after the first frame")
struct JournalOpeningTests {
    /// The journal's opening effect runs (and sleeps), then its delay passes.
    func letTheOpeningRun(_ effects: HeldExecutor, _ clock: VirtualClock, _ journal: Journal<Tally, TallyEvent>) {
        effects.runAll()
        clock.wake(until: clock.now.advanced(by: journal.openingDelay))
        effects.runAll()
    }

    func restore(_ directory: TemporaryDirectory) throws -> JournalRestore<Tally> {
        try JournalTests().restore(directory)
    }

    @Test("the spin's start writes nothing; the effect opens the file and writes what was reduced meanwhile, in order")
    func openedByTheFirstEffect() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await JournalTests().run([.added(1), .noted("first")], in: directory)
        let previous = directory.lines(of: "journal.jsonl")
        let previousSnapshot = directory.lines(of: "snapshot.json")
        let restored = try restore(directory)

        let effects = HeldExecutor()
        let clock = VirtualClock()
        let journal = Journal<Tally, TallyEvent>(directory: directory.path)
        let spin = Spin(initialState: restored.state, clock: clock, effectExecutor: effects) {
            journal.feedback(durable: TallyEvent.durable)
            TallyEvent.reducer
        }
        spin.start()
        spin.emit(.added(5))
        spin.emit(.ticked)
        effects.runAll()
        clock.wake(until: clock.now.advanced(by: journal.openingDelay - .milliseconds(1)))
        effects.runAll()
        spin.emit(.noted("meanwhile"))
        // Nothing written yet: the previous session's files are as they were.
        #expect(directory.lines(of: "journal.jsonl") == previous)
        #expect(directory.lines(of: "snapshot.json") == previousSnapshot)
        #expect(previousSnapshot.first?.contains(#""generation":1"#) == true)
        #expect(journal.openingDelay == .milliseconds(100))

        clock.wake(until: clock.now.advanced(by: .milliseconds(1)))
        effects.runAll()
        #expect(directory.lines(of: "journal.jsonl") == [
            #"{"generation":2}"#, #"{"added":{"_0":5}}"#, #"{"noted":{"_0":"meanwhile"}}"#, "",
        ])
        spin.emit(.added(2))   // once open, events are written as they are reduced
        let final = try #require(await spin.currentState())
        spin.stop()
        #expect(directory.lines(of: "journal.jsonl").suffix(2) == [#"{"added":{"_0":2}}"#, ""])
        #expect(try restore(directory).state == Tally(total: final.total, notes: final.notes))
        #expect(final == Tally(total: 8, notes: ["first", "meanwhile"], frames: 1))
    }

    @Test("a spin stopped before the effect ran opens the file on stop: nothing is lost")
    func openedOnStop() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let effects = HeldExecutor()
        let journal = Journal<Tally, TallyEvent>(directory: directory.path)
        let spin = Spin(initialState: Tally(), clock: VirtualClock(), effectExecutor: effects) {
            journal.feedback()
            TallyEvent.reducer
        }
        spin.start()
        spin.emit(.added(3))
        spin.emit(.noted("before the effect"))
        let final = try #require(await spin.currentState())
        spin.stop()
        effects.runAll()   // the cancelled effect ends without opening anything
        #expect(directory.lines(of: "journal.jsonl") == [
            #"{"generation":1}"#, #"{"added":{"_0":3}}"#, #"{"noted":{"_0":"before the effect"}}"#, "",
        ])
        #expect(try restore(directory).state == final)
        #expect(journal.failure == nil)
    }

    @Test("what was kept before the file opened is compacted if it passes the bound")
    func keptEventsRespectTheBound() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let effects = HeldExecutor()
        let clock = VirtualClock()
        let journal = Journal<Tally, TallyEvent>(directory: directory.path, compactionBytes: 1_000)
        let spin = Spin(initialState: Tally(), clock: clock, effectExecutor: effects) {
            journal.feedback()
            TallyEvent.reducer
        }
        spin.start()
        for index in 1...500 { spin.emit(.added(index)) }   // ~9 KB of lines, kept
        letTheOpeningRun(effects, clock, journal)
        let final = try #require(await spin.currentState())
        #expect(journal.size <= 1_000)
        #expect(directory.lines(of: "journal.jsonl") == [#"{"generation":2}"#, ""])
        spin.stop()
        #expect(try restore(directory).state == final)
    }

    @Test("a continued journal is opened by the effect too: the prologue, then what was kept")
    func continuedLater() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await JournalTests().run([.added(1)], in: directory)
        let restored = try restore(directory)
        var initial = restored.state
        TallyEvent.reducer.reduce(&initial, .noted("resumed"))
        let effects = HeldExecutor()
        let clock = VirtualClock()
        let journal = Journal<Tally, TallyEvent>(directory: directory.path)
        let spin = Spin(initialState: initial, clock: clock, effectExecutor: effects) {
            journal.feedback(continuing: restored, prologue: [.noted("resumed")])
            TallyEvent.reducer
        }
        spin.start()
        spin.emit(.added(10))
        #expect(directory.lines(of: "journal.jsonl") == [#"{"generation":1}"#, #"{"added":{"_0":1}}"#, ""])
        letTheOpeningRun(effects, clock, journal)
        #expect(directory.lines(of: "journal.jsonl") == [
            #"{"generation":1}"#, #"{"added":{"_0":1}}"#, #"{"noted":{"_0":"resumed"}}"#, #"{"added":{"_0":10}}"#, "",
        ])
        let final = try #require(await spin.currentState())
        spin.stop()
        #expect(try restore(directory).state == final)
    }

    @Test("no opening delay: the file is open when the feedback is attached, before any event")
    func openedAtOnce() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let effects = HeldExecutor()
        let journal = Journal<Tally, TallyEvent>(directory: directory.path, openingDelay: .zero)
        let spin = Spin(initialState: Tally(), clock: VirtualClock(), effectExecutor: effects) {
            journal.feedback().startingWhen { $0.total > 0 }
            TallyEvent.reducer
        }
        spin.start()
        #expect(directory.lines(of: "journal.jsonl") == [""])     // nothing yet: not attached
        spin.emit(.added(4))
        spin.emit(.noted("next"))
        _ = await spin.currentState()
        // Written as reduced, with no effect run: a kill -9 now keeps them.
        #expect(directory.lines(of: "journal.jsonl") == [#"{"generation":1}"#, #"{"noted":{"_0":"next"}}"#, ""])
        spin.stop()
        #expect(try restore(directory).state == Tally(total: 4, notes: ["next"]))
    }

    @Test("after an opening that wrote kept events, the next event still gets its delayed fsync")
    func syncAfterOpening() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (journal, store) = JournalTests().syncingStore(in: directory)
        await store.send(.added(1))                          // kept: the file is not open yet
        await store.advance(by: journal.openingDelay)       // opened: written and fsync'd
        #expect(directory.lines(of: "journal.jsonl") == [#"{"generation":1}"#, #"{"added":{"_0":1}}"#, ""])
        #expect(journal.syncCount == 0)
        #expect(store.clock.pendingDeadlines.isEmpty)
        await store.send(.added(2))
        #expect(store.clock.pendingDeadlines.count == 1)    // the next write schedules its sync
        await store.advance(by: .seconds(1))
        #expect(journal.syncCount == 1)
        await store.finish()
        #expect(try restore(directory).state.total == 3)
    }
}
