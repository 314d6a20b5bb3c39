import ProcessesKit
import SpindleUI
import Terminal
import Testing

/// The reducer, a pure function: events in, state out.
@Suite("Processes example: the reducer")
struct ProcessReducerTests {
    /// The state after `events`, from the start.
    func state(after events: [ProcessEvent], size: Size = Size(rows: 24, columns: 80)) -> ProcessState {
        var state = ProcessState(size: size)
        for event in events { ProcessReducer.reduce(&state, event) }
        return state
    }

    @Test("CPU % is each process's ticks over all the CPUs' ticks between two samples, 100 % a CPU")
    func cpuPercent() {
        let first = state(after: [.sampled(Fixtures.first)])
        #expect(first.rows.allSatisfy { $0.cpuPercent == 0 && $0.cpuHistory.isEmpty })
        let second = state(after: [.sampled(Fixtures.first), .sampled(Fixtures.second)])
        let percents = Dictionary(uniqueKeysWithValues: second.rows.map { ($0.id, $0.cpuPercent) })
        #expect(percents == [1: 1, 2: 0, 812: 20, 1234: 150, 4242: 0])
        #expect(second.rows.first { $0.id == 1234 }?.cpuHistory == [150])
        #expect(second.shown.map(\.id) == [1234, 812, 1, 2, 4242])  // by CPU, then by pid
    }

    @Test("the arithmetic: no time elapsed is 0 %, and a process never shows more than all the CPUs")
    func cpuArithmetic() {
        #expect(ProcessRow.cpuPercent(used: 50, of: 0, cpus: 4) == 0)
        #expect(ProcessRow.cpuPercent(used: 100, of: 400, cpus: 4) == 100)
        #expect(ProcessRow.cpuPercent(used: 900, of: 400, cpus: 4) == 400)
    }

    @Test("a pid reused by a new process starts with no CPU use")
    func reusedPid() {
        var third = Fixtures.later(Fixtures.second, by: 400, using: [4242: 100])
        third.processes[4].startTicks += 1
        let state = state(after: [.sampled(Fixtures.first), .sampled(Fixtures.second), .sampled(third)])
        #expect(state.rows[4].cpuPercent == 0)
        #expect(state.rows[4].cpuHistory.isEmpty)
    }

    @Test("the history keeps the last 60 samples")
    func history() {
        var events: [ProcessEvent] = []
        var sample = Fixtures.first
        for _ in 0...70 {
            events.append(.sampled(sample))
            sample = Fixtures.later(sample, by: 400, using: [1234: 200])
        }
        let row = state(after: events).rows.first { $0.id == 1234 }
        #expect(row?.cpuHistory == Array(repeating: 100, count: 60))
    }

    @Test("the selection stays on the same process when the sort changes and when a refresh reorders")
    func selectionFollowsThePid() {
        var state = state(after: [.sampled(Fixtures.first), .sampled(Fixtures.second)])
        ProcessReducer.reduce(&state, .selectionMoved(.down))
        #expect(state.selected?.reading.name == "postgres")
        ProcessReducer.reduce(&state, .sortCycled)          // by memory: firefox, postgres, systemd…
        #expect(state.sort == .memory)
        #expect(state.selected?.reading.name == "postgres" && state.list.selection == 1)
        ProcessReducer.reduce(&state, .sortCycled)          // by pid: postgres is third
        #expect(state.selected?.reading.name == "postgres" && state.list.selection == 2)
        ProcessReducer.reduce(&state, .sortCycled)          // by name
        #expect(state.shown.map(\.reading.name) == ["firefox", "kthreadd", "postgres", "sleep", "systemd"])
        #expect(state.selected?.reading.name == "postgres")
        ProcessReducer.reduce(&state, .sortCycled)          // by CPU again; then postgres gets busy
        ProcessReducer.reduce(&state, .sampled(Fixtures.later(Fixtures.second, by: 400, using: [812: 400])))
        #expect(state.shown.first?.reading.name == "postgres")
        #expect(state.selectedPid == 812 && state.list.selection == 0)
    }

    @Test("when the selected process is gone, the selection stays on its row, now the next process's")
    func selectedProcessVanishes() {
        var state = state(after: [.sampled(Fixtures.first), .sampled(Fixtures.second), .sortCycled, .sortCycled])
        ProcessReducer.reduce(&state, .selectionMoved(.end))
        ProcessReducer.reduce(&state, .selectionMoved(.up))
        #expect(state.selectedPid == 1234)
        ProcessReducer.reduce(&state, .sampled(Fixtures.later(Fixtures.second, by: 400, using: [:], without: [1234])))
        #expect(state.shown.map(\.id) == [1, 2, 812, 4242])
        #expect(state.selectedPid == 4242 && state.list.selection == 3)
        ProcessReducer.reduce(&state, .sampled(Fixtures.later(Fixtures.second, by: 400, using: [:], without: [1234, 4242])))
        #expect(state.selectedPid == 812)  // the last row went: the selection moves up to the new last one
    }

    @Test("the filter keeps the processes whose name, command or user contains it, ignoring case")
    func filter() {
        var state = state(after: [.sampled(Fixtures.first), .sampled(Fixtures.second), .filterOpened])
        for character in "ANA" { ProcessReducer.reduce(&state, .filterEdited(.key(.character(character)))) }
        #expect(state.shown.map(\.id) == [1234, 4242])                      // user "ana"
        ProcessReducer.reduce(&state, .filterEdited(.paste("/main")))        // ana/main: nothing
        #expect(state.shown.isEmpty && state.selected == nil && state.list.count == 0)
        ProcessReducer.reduce(&state, .filterEdited(.key(.control("u"))))
        ProcessReducer.reduce(&state, .filterEdited(.paste("16/MAIN")))      // in postgres's command line
        #expect(state.shown.map(\.id) == [812])
        ProcessReducer.reduce(&state, .filterKept)
        #expect(state.filterInput == nil && state.filter == "16/MAIN" && state.shown.map(\.id) == [812])
        ProcessReducer.reduce(&state, .sampled(Fixtures.second))              // a refresh keeps filtering
        #expect(state.shown.map(\.id) == [812])
        ProcessReducer.reduce(&state, .filterCleared)
        #expect(state.filter == "" && state.shown.count == 5 && state.selectedPid == 812)
    }

    @Test("what a row shows: the command, or the name in brackets; memory in decimal units; the state in words")
    func rowTexts() {
        let rows = state(after: [.sampled(Fixtures.first), .sampled(Fixtures.second)]).rows
        #expect(rows.map(\.command)[0...1] == ["/sbin/init splash", "[kthreadd]"])
        #expect(rows.map(\.memoryText) == ["12 MB", "0 B", "48 MB", "1.2 GB", "1.0 MB"])
        #expect(rows.map(\.cpuText) == ["1.0", "0.0", "20.0", "150.0", "0.0"])
        #expect(rows.map(\.stateName)[2...3] == ["sleeping", "running"])
        let times = CPUTimes(totalTicks: 0, cpuCount: 1, uptime: 100_000)
        #expect(rows.map { $0.age(at: times) } == ["1 day 3 h", "1 day 3 h", "1 day 3 h", "16 h 40 min", "13 h 55 min"])
    }

    @Test("Page Down moves by the table's rows, which the layout gives for the screen")
    func paging() {
        var many = Fixtures.first
        many.processes = (1...100).map { ProcessReading(pid: Int32($0), name: "p\($0)") }
        var state = state(after: [.sortCycled, .sortCycled, .sampled(many), .resized(Size(rows: 12, columns: 60))])
        #expect(state.list.height == 9)                      // header, heading, footer
        ProcessReducer.reduce(&state, .selectionMoved(.pageDown))
        #expect(state.selectedPid == 10)
        ProcessReducer.reduce(&state, .detailToggled)        // narrow: the pane below leaves 4 rows, 3 of them rows
        #expect(state.list.height == 3)
    }
}
