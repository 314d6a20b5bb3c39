import Dispatch
import Foundation
import Spin
import SpinJournal
import SpinTesting
import Testing

@Suite("Event journal")
struct JournalTests {
    /// Runs `events` through a spin journaling into `directory`, then stops it; returns the
    /// final state.
    func run(_ events: [TallyEvent], in directory: TemporaryDirectory, from initial: Tally = Tally(),
             compactionBytes: Int = 1_000_000) async -> Tally {
        let journal = Journal<Tally, TallyEvent>(directory: directory.path, compactionBytes: compactionBytes)
        let spin = Spin(initialState: initial, clock: VirtualClock()) {
            journal.feedback(durable: TallyEvent.durable)
            TallyEvent.reducer
        }
        spin.start()
        for event in events { spin.emit(event) }
        let state = await spin.currentState()!
        spin.stop()
        return state
    }

    /// A journal syncing at most once a second, and a test store over it (not exhaustive).
    func syncingStore(in directory: TemporaryDirectory) -> (Journal<Tally, TallyEvent>, TestStore<Tally, TallyEvent>) {
        let journal = Journal<Tally, TallyEvent>(directory: directory.path, syncInterval: .seconds(1))
        let store = TestStore(initialState: Tally()) {
            journal.feedback()
            TallyEvent.reducer
        }
        store.exhaustivity = .off
        return (journal, store)
    }

    func restore(_ directory: TemporaryDirectory) throws -> JournalRestore<Tally> {
        try Journal<Tally, TallyEvent>(directory: directory.path)
            .restore(initialState: Tally(), reducer: TallyEvent.reducer)
    }

    @Test("restoring folds the journal into the state the spin had")
    func roundTrip() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let before = await run([.added(3), .noted("a"), .added(-1), .noted("b \"quoted\"\nline")], in: directory)
        let restored = try restore(directory)
        #expect(restored.state == before)
        #expect(restored.eventCount == 4)
        #expect(restored.isResumed)
        #expect(restored.tornLine == nil)
    }

    @Test("a second session continues from the restored state and restores to its own end")
    func twoSessions() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await run([.added(1), .noted("first")], in: directory)
        let first = try restore(directory).state
        let second = await run([.added(10), .noted("second")], in: directory, from: first)
        #expect(try restore(directory).state == second)
        #expect(second == Tally(total: 11, notes: ["first", "second"]))
    }

    @Test("a session can go on with the restored journal (a prologue first) instead of a new snapshot")
    func continuing() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await run([.added(1), .noted("first")], in: directory)
        let restored = try restore(directory)
        var initial = restored.state
        TallyEvent.reducer.reduce(&initial, .noted("resumed"))
        let journal = Journal<Tally, TallyEvent>(directory: directory.path)
        let spin = Spin(initialState: initial, clock: VirtualClock()) {
            journal.feedback(continuing: restored, prologue: [.noted("resumed")])
            TallyEvent.reducer
        }
        spin.start()
        spin.emit(.added(10))
        let final = try #require(await spin.currentState())
        spin.stop()
        #expect(directory.lines(of: "journal.jsonl") == [
            #"{"generation":1}"#, #"{"added":{"_0":1}}"#, #"{"noted":{"_0":"first"}}"#,
            #"{"noted":{"_0":"resumed"}}"#, #"{"added":{"_0":10}}"#, "",
        ])
        #expect(try restore(directory).state == final)
        #expect(final == Tally(total: 11, notes: ["first", "resumed"]))
    }

    @Test("no journal: the initial state, not resumed")
    func nothingToRestore() throws {
        let directory = TemporaryDirectory()
        let restored = try restore(directory)
        #expect(restored.state == Tally())
        #expect(!restored.isResumed)
    }

    @Test("the selector leaves animation frames out of the journal")
    func selectorSkipsFrames() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let before = await run([.ticked, .added(2), .ticked, .ticked], in: directory)
        #expect(before.frames == 3)
        #expect(directory.lines(of: "journal.jsonl").filter { $0.contains("ticked") }.isEmpty)
        #expect(try restore(directory).state == Tally(total: 2))
    }

    @Test("one line per event after a generation header, in JSON")
    func format() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await run([.added(2), .noted("x")], in: directory)
        #expect(directory.lines(of: "journal.jsonl") == [
            #"{"generation":1}"#, #"{"added":{"_0":2}}"#, #"{"noted":{"_0":"x"}}"#, "",
        ])
    }

    @Test("a torn last line is ignored and reported, and the next session writes after it")
    func tornLastLine() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let before = await run([.added(5), .noted("kept")], in: directory)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(directory.path)/journal.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"added":{"_"#.utf8))   // a write cut short
        try handle.close()

        let restored = try restore(directory)
        #expect(restored.state == before)
        #expect(restored.tornLine?.line == 4)
        #expect(restored.tornLine?.description.hasSuffix("journal.jsonl:4: an incomplete last entry (12 bytes, a write cut short) was ignored") == true)
        let after = await run([.added(1)], in: directory, from: restored.state)
        #expect(try restore(directory).state == after)
    }

    @Test("a journal or snapshot that is a symbolic link is refused, and its target is never cut or written")
    func symbolicLinksRefused() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await run([.added(5)], in: directory)
        for file in ["journal.jsonl", "snapshot.json"] {
            let target = directory.path + "/target-of-" + file
            let planted = #"{"generation":1}"# + "\n" + #"{"added":{"_"#   // ends torn: a followed link would be cut
            try planted.write(toFile: target, atomically: false, encoding: .utf8)
            let original = directory.path + "/" + file + ".real"
            #expect(rename(directory.path + "/" + file, original) == 0)
            try FileManager.default.createSymbolicLink(atPath: directory.path + "/" + file, withDestinationPath: target)

            let error = #expect(throws: JournalError.self) { try restore(directory) }
            #expect(error == .unreadable(file: directory.path + "/" + file, reason: "it is a symbolic link, which is not followed"))
            #expect(try String(contentsOfFile: target, encoding: .utf8) == planted)
            #expect(unlink(directory.path + "/" + file) == 0 && rename(original, directory.path + "/" + file) == 0)
        }
    }

    @Test("a corrupt line in the middle is an error naming the file and the line")
    func corruptMiddleLine() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await run([.added(1), .added(2), .added(3)], in: directory)
        var lines = directory.lines(of: "journal.jsonl")
        lines[2] = #"{"added":"two"}"#
        try directory.write(lines.joined(separator: "\n"), to: "journal.jsonl")

        let error = #expect(throws: JournalError.self) { try restore(directory) }
        guard case .corruptLine(let file, let line, _) = error else {
            Issue.record("expected a corrupt line, got \(String(describing: error))")
            return
        }
        #expect(file == "\(directory.path)/journal.jsonl")
        #expect(line == 3)
        #expect("\(error!)".hasPrefix("\(directory.path)/journal.jsonl:3: not a valid journal entry"))
        #expect("\(error!)".hasSuffix("move the file aside to start over"))
    }

    @Test("a line or a snapshot nested 16,000 levels deep is refused in one short line; 64 levels reach the decoder")
    func deepNesting() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await run([.added(1), .added(2)], in: directory)
        let lines = directory.lines(of: "journal.jsonl")
        func nested(_ depth: Int) -> String {
            #"{"noted":{"_0":"# + String(repeating: "[", count: depth - 2) + String(repeating: "]", count: depth - 2) + "}}"
        }
        var deep = lines
        deep[1] = nested(16_000)
        try directory.write(deep.joined(separator: "\n"), to: "journal.jsonl")
        let error = #expect(throws: JournalError.self) { try restore(directory) }
        let file = directory.path + "/journal.jsonl"
        #expect(error == .corruptLine(file: file, line: 2, reason: "nesting deeper than 64 levels at column 78"))
        #expect("\(error!)".count - file.count < 150)

        var atLimit = lines
        atLimit[1] = nested(64)
        try directory.write(atLimit.joined(separator: "\n"), to: "journal.jsonl")
        let decoded = #expect(throws: JournalError.self) { try restore(directory) }
        guard case .corruptLine(_, 2, let reason) = decoded else {
            Issue.record("expected line 2 to be read and refused, got \(String(describing: decoded))")
            return
        }
        #expect(!reason.contains("nesting"), "\(reason)")

        try directory.write(lines.joined(separator: "\n"), to: "journal.jsonl")
        try directory.write(#"{"generation":1,"state":"# + String(repeating: "[", count: 16_000), to: "snapshot.json")
        #expect(throws: JournalError.corruptSnapshot(file: directory.path + "/snapshot.json",
                                                     reason: "nesting deeper than 64 levels at column 88")) { try restore(directory) }
    }

    @Test("a FIFO in place of the journal or of a recording is refused at once, without waiting for a writer")
    func fifoRefused() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        _ = await run([.added(1)], in: directory)
        let file = directory.path + "/journal.jsonl"
        #expect(unlink(file) == 0 && mkfifo(file, 0o600) == 0)
        #expect(throws: JournalError.unreadable(file: file, reason: "it is a pipe (FIFO), not a regular file")) {
            try restore(directory)
        }
        #expect(throws: JournalError.unreadable(file: file, reason: "it is a pipe (FIFO), not a regular file")) {
            try Recording<Tally, TallyEvent>.load(fromFile: file)
        }
    }

    @Test("the journal's files are 0600 and its folder 0700")
    func privateFiles() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.path + "/session"
        let journal = Journal<Tally, TallyEvent>(directory: folder)
        let spin = Spin(initialState: Tally(), clock: VirtualClock()) {
            journal.feedback(durable: TallyEvent.durable)
            TallyEvent.reducer
        }
        spin.start()
        spin.emit(.added(1))
        _ = await spin.currentState()
        spin.stop()
        var info = stat()
        #expect(stat(folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        for file in ["journal.jsonl", "snapshot.json"] {
            #expect(stat(folder + "/" + file, &info) == 0, "\(file)")
            #expect(info.st_mode & 0o777 == 0o600, "\(file): \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    @Test("over 10,000 events the journal stays under its bound and restores the same state")
    func compaction() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let bound = 8_000
        let journal = Journal<Tally, TallyEvent>(directory: directory.path, compactionBytes: bound)
        let spin = Spin(initialState: Tally(), clock: VirtualClock()) {
            journal.feedback()
            TallyEvent.reducer
        }
        spin.start()
        var largest = 0
        for index in 1...10_000 {
            spin.emit(index % 100 == 0 ? .noted("n\(index)") : .added(index % 7))
            largest = max(largest, journal.size)
        }
        let before = await spin.currentState()!
        spin.stop()
        // Each emit is its own batch here, so the journal passes the bound by one line at most.
        #expect(largest <= bound + 40)
        #expect(directory.size(of: "journal.jsonl") <= bound)
        #expect(directory.lines(of: "journal.jsonl").first != #"{"generation":1}"#)
        #expect(try restore(directory).state == before)
    }

    @Test("a state larger than the bound is not snapshotted again until as much has been journaled")
    func compactionOfALargeStateIsAmortized() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let journal = Journal<Tally, TallyEvent>(directory: directory.path, compactionBytes: 1_000)
        let big = Tally(total: 0, notes: (0..<400).map { "note \($0)" })   // a ~5 KB snapshot
        let spin = Spin(initialState: big, clock: VirtualClock()) {
            journal.feedback()
            TallyEvent.reducer
        }
        spin.start()
        journal.openNow()   // as the journal's first effect does (JournalOpeningTests)
        let snapshot = directory.size(of: "snapshot.json")
        #expect(snapshot > 4_000)
        var largest = 0
        for index in 1...2_000 {
            spin.emit(.added(index % 9))
            largest = max(largest, journal.size)
        }
        let before = try #require(await spin.currentState())
        spin.stop()
        #expect(largest > 1_000)                    // past the bound: the snapshot is bigger
        #expect(largest <= snapshot + 40)
        // ~2,000 lines of ~19 bytes (38 KB) over a ~5 KB allowance: about 8 snapshots, not 38.
        let generation = directory.lines(of: "journal.jsonl").first ?? ""
        #expect(generation.hasPrefix(#"{"generation":"#) && Int(generation.dropFirst(14).dropLast()) ?? 99 <= 12)
        #expect(try restore(directory).state == before)
    }

    @Test("a crash between the snapshot's rename and the journal's never applies events twice")
    func crashBetweenRenames() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let before = await run([.added(1), .added(2)], in: directory)
        // The compaction that the next start does, cut after its first rename: snapshot 2 holds
        // every event, the journal is still generation 1 with the same events.
        let stale = directory.lines(of: "journal.jsonl")
        _ = await run([], in: directory, from: before)
        try directory.write(stale.joined(separator: "\n"), to: "journal.jsonl")
        #expect(directory.lines(of: "journal.jsonl").first == #"{"generation":1}"#)
        #expect(try restore(directory).state == Tally(total: 3))
    }

    @Test("only reduced events are journaled: an event of a cancelled effect is not")
    func staleEventsAreNotJournaled() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let journal = Journal<Tally, TallyEvent>(directory: directory.path)
        let store = TestStore(initialState: Tally()) {
            journal.feedback()
            // While the total is 1, an effect notes "late" after a second; a new total cancels it.
            Feedback<Tally, TallyEvent>.react(query: { $0.total == 1 ? true : nil }) { _ async -> TallyEvent? in
                try? await Effect.sleep(for: .seconds(1))
                return .noted("late")
            }
            TallyEvent.reducer
        }
        store.exhaustivity = .off
        await store.send(.added(1))
        await store.send(.added(1))       // cancels the effect before its second is up
        await store.advance(by: .seconds(2))
        await store.send(.added(-1))      // total 1 again: a new effect, whose event arrives
        await store.advance(by: .seconds(1))
        await store.receive(.noted("late"))
        await store.finish()
        let notes = directory.lines(of: "journal.jsonl").filter { $0.contains("late") }
        #expect(notes.count == 1)
        #expect(try restore(directory).state == store.state)
    }

    @Test("an event already queued when its effect is cancelled is dropped by the spin, and never journaled")
    func queuedStaleEventIsNotJournaled() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let journal = Journal<Tally, TallyEvent>(directory: directory.path)
        let executor = SerialEffectExecutor()
        let results = ManualStream<TallyEvent>()
        let stalled = Signal()
        let release = DispatchSemaphore(value: 0)
        let drained = Signal()
        // While the total is 1, an effect relays what the test feeds it.
        let spin = makeTestSpin(initialState: Tally(), executor: executor) {
            journal.feedback()
            Feedback<Tally, TallyEvent>.react(query: { $0.total == 1 ? true : nil }) { _ in results.stream }
            Reducer<Tally, TallyEvent> { (tally: inout Tally, event: TallyEvent) in
                switch event {
                case .added(let amount): tally.total += amount
                case .noted(let note):
                    tally.notes.append(note)
                    if note == "stall" {
                        stalled.fire()
                        release.wait()
                    }
                case .ticked: tally.frames += 1
                }
            }
        }
        spin.start()
        spin.emit(.added(1))
        await executor.waitUntilIdle()                 // the effect listens
        Thread { spin.emit(.noted("stall")); drained.fire() }.start()
        await stalled.wait()                           // a background thread holds the drain
        spin.emit(.added(1))                           // queued first: cancels the effect
        results.continuation.yield(.noted("late"))     // queued second, by the effect
        await executor.waitUntilIdle()
        release.signal()
        await drained.wait()
        let state = try #require(await spin.currentState())
        spin.stop()
        #expect(state == Tally(total: 2, notes: ["stall"]))
        #expect(directory.lines(of: "journal.jsonl").filter { $0.contains("late") }.isEmpty)
        #expect(try restore(directory).state == state)
    }

    @Test("fsync: not after every event, at most once a second on the spin's clock, and on stop")
    func syncPolicy() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (journal, store) = syncingStore(in: directory)
        await store.advance(by: journal.openingDelay)       // the file is opened (nothing to sync)
        #expect(journal.syncCount == 0)
        #expect(store.clock.pendingDeadlines.isEmpty)
        for amount in 1...5 { await store.send(.added(amount)) }
        #expect(journal.syncCount == 0)                   // written, not yet synced
        #expect(store.clock.pendingDeadlines.count == 1)  // one sync scheduled, not five
        await store.advance(by: .milliseconds(999))
        #expect(journal.syncCount == 0)
        await store.advance(by: .milliseconds(1))
        #expect(journal.syncCount == 1)
        await store.send(.added(6))
        await store.advance(by: .milliseconds(500))
        await store.send(.added(7))
        await store.advance(by: .milliseconds(500))
        #expect(journal.syncCount == 2)                   // two writes, one sync
        await store.advance(by: .seconds(60))
        #expect(journal.syncCount == 2)
        #expect(store.clock.pendingDeadlines.isEmpty)     // idle: nothing scheduled
        await store.send(.added(8))
        await store.finish()                              // stop: the last write is synced
        #expect(journal.syncCount == 3)
        #expect(try restore(directory).state.total == 36)
    }
}
