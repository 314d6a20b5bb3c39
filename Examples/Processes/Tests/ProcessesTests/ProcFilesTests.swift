import Foundation
import ProcessesKit
import Testing

/// The parsing of /proc's files, on fixed text: no /proc needed.
@Suite("Processes example: reading /proc")
struct ProcFilesTests {
    static let statTail = "S 1 1 1 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 3 0 12345 10000000 500"

    @Test("a stat line gives the name, the state, the CPU ticks, the threads and the start")
    func stat() {
        let stat = ProcFiles.stat("42 (bash) " + Self.statTail)
        #expect(stat == ProcFiles.Stat(name: "bash", state: "S", cpuTicks: 300, threads: 3, startTicks: 12345))
    }

    @Test("the name is between the first ( and the last ), whatever it holds", arguments: [
        "a b", "(sd-pam)", ") S 1 2 3", "x)(y", "tab\there", "\u{1B}[31mred", "",
    ])
    func oddNames(name: String) {
        #expect(ProcFiles.stat("7 (\(name)) " + Self.statTail)?.name == name)
        #expect(ProcFiles.stat("7 (\(name)) " + Self.statTail)?.cpuTicks == 300)
    }

    @Test("a cut or garbled stat line is nil, not a crash", arguments: [
        "", "42", "42 (bash", "42 bash) S", "42 (bash) S 1 2", "42 (bash) S 1 1 1 0 -1 4 1 0 0 0 x 50 0 0 20 0 3 0 1",
        ")(", "42 (bash) " + String(repeating: "9", count: 100),
    ])
    func garbled(text: String) {
        #expect(ProcFiles.stat(text) == nil)
    }

    @Test("status gives the real uid and the resident memory")
    func status() {
        let text = "Name:\tcat\nState:\tR (running)\nUid:\t1000\t0\t0\t0\nGid:\t0\t0\t0\t0\nVmRSS:\t    1234 kB\nThreads:\t1\n"
        #expect(ProcFiles.status(text) == ProcFiles.Status(uid: 1000, residentKilobytes: 1234))
        #expect(ProcFiles.status("Name:\tkthreadd\nUid:\t0\t0\t0\t0\n") == ProcFiles.Status(uid: 0, residentKilobytes: nil))
        #expect(ProcFiles.status("garbage\n\n") == ProcFiles.Status())
    }

    @Test("cmdline's arguments end with NUL bytes; they are joined by spaces")
    func commandLine() {
        #expect(ProcFiles.commandLine(Array("sleep\u{0}600\u{0}".utf8)) == "sleep 600")
        #expect(ProcFiles.commandLine(Array("/usr/bin/python3\u{0}-c\u{0}print(1)".utf8)) == "/usr/bin/python3 -c print(1)")
        #expect(ProcFiles.commandLine([]) == "")
        #expect(ProcFiles.commandLine([0xFF, 0xFE, 0, 0x41]) == "\u{FFFD}\u{FFFD} A")
    }

    @Test("/proc/stat gives the ticks of all CPUs (guest time not counted twice) and their number")
    func cpuTotals() throws {
        let text = "cpu  100 2 30 400 5 0 6 7 50 0\ncpu0 50 1 15 200 2 0 3 4 25 0\ncpu1 50 1 15 200 3 0 3 3 25 0\nintr 1 2 3\nctxt 99\nbtime 1700000000\n"
        let totals = try #require(ProcFiles.cpuTotals(stat: text))
        #expect(totals.ticks == 550)
        #expect(totals.cpus == 2)
        #expect(ProcFiles.cpuTotals(stat: "intr 1 2\n") == nil)
    }

    @Test("/proc/uptime's first number is the seconds since the boot")
    func uptime() {
        #expect(ProcFiles.uptime("44597.10 20670.58\n") == 44597.10)
        #expect(ProcFiles.uptime("") == nil)
    }

    @Test("the sampler skips a process that vanished, cuts a huge command line, and names unknown users by number")
    func sampler() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("proc-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ path: String, _ text: String) throws {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("stat", "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 100 0 100 800 0 0 0 0 0 0\n")
        try write("uptime", "1000.5 900.0\n")
        try write("7/stat", "7 (we(ird) name) " + Self.statTail)
        try write("7/status", "Name:\tweird\nUid:\t4000000\t0\t0\t0\nVmRSS:\t2 kB\n")
        try write("7/cmdline", String(repeating: "x", count: 100_000) + "\u{0}")
        try write("8/status", "Uid:\t0\t0\t0\t0\n")  // its stat is gone: it exited while it was read
        try write("self/stat", "1 (init) " + Self.statTail)

        let sample = try ProcessSampler(root: root, readLimit: 64 * 1024).sample()
        #expect(sample.times == CPUTimes(totalTicks: 1000, cpuCount: 1, uptime: 1000.5, ticksPerSecond: 100))
        let process = try #require(sample.processes.first)
        #expect(sample.processes.map(\.pid) == [7])
        #expect(process.name == "we(ird) name")
        #expect(process.user == "4000000")
        #expect(process.residentBytes == 2048)
        #expect(process.commandLine.utf8.count == 64 * 1024)
    }

    @Test("without /proc/stat the sampler fails, naming the file")
    func noProc() {
        let error = #expect(throws: ProcessSamplerError.self) { try ProcessSampler(root: "/nonexistent").sample() }
        #expect(error?.description == "cannot read /nonexistent/stat: is /proc mounted?")
    }

    @Test("this machine's /proc reads, with this test's own process in it")
    func realProc() throws {
        let sample = try ProcessSampler().sample()
        let me = try #require(sample.processes.first { $0.pid == getpid() })
        #expect(me.threads >= 1)
        #expect(me.residentBytes > 0)
        #expect(sample.times.cpuCount >= 1)
    }
}
