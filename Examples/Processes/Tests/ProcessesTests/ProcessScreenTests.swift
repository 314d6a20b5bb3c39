import ProcessesKit
import SpindleUITesting
import Terminal
import TerminalTesting
import Testing

/// The browser driven as a person would use it, on a headless terminal, reading canned samples
/// through the same feedbacks as the app.
@Suite("Processes example, driven headless")
struct ProcessScreenTests {
    /// The app on a headless screen of `size`, 2 s in: two samples read, CPU use known.
    func makeDriver(size: Size = Size(rows: 24, columns: 80),
                    samples: [ProcessSample] = [Fixtures.first, Fixtures.second]) async -> HeadlessDriver<ProcessState, ProcessEvent> {
        let sampler = CannedSampler(samples)
        let driver = HeadlessDriver(size: size, view: ProcessApp.view, initialState: ProcessState(size: size),
                                    feedbacks: [ProcessFeedbacks.refreshing(), ProcessFeedbacks.sampling(with: sampler.sample)],
                                    reducer: ProcessApp.reducer)
        await driver.start()
        await driver.advance(by: .seconds(2))
        return driver
    }

    @Test("the table: busiest first, memory in MB and GB, a kernel thread's name in brackets")
    func table() async {
        let driver = await makeDriver()
        let lines = driver.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix(" Processes · 5 · by CPU"))
        #expect(lines[2].contains("1234 ana") && lines[2].contains("150.0") && lines[2].contains("1.2 GB")
            && lines[2].contains("/usr/lib/firefox/firefox --new-window"))
        #expect(lines[5].contains("[kthreadd]"))
        expectSnapshot(driver.screen, named: "processes-80x24")
    }

    @Test("s sorts by memory, then PID, then name; the selected process stays selected")
    func sorting() async {
        let driver = await makeDriver()
        await driver.press(.down)                                    // postgres
        await driver.press(.character("s"))
        #expect(driver.text.contains("by memory") && driver.text.contains("MEM▾"))
        #expect(driver.state?.selected?.reading.name == "postgres")
        await driver.press(.character("s"), .character("s"))
        #expect(driver.text.contains("by name") && driver.text.contains("COMMAND▾"))
        #expect(driver.text.contains("3 / 5"))
    }

    @Test("/ filters as you type; Enter keeps the filter, Esc clears it")
    func filtering() async {
        let driver = await makeDriver()
        await driver.press(.character("/"))
        await driver.type("sleep")
        #expect(driver.text.contains("Filter: sleep"))
        #expect(driver.text.contains("sleep 600") && !driver.text.contains("firefox"))
        await driver.press(.enter)
        #expect(driver.text.contains("Processes · 1 of 5 · “sleep”"))
        #expect(driver.text.contains("Esc clear"))
        await driver.advance(by: .seconds(2))                      // a refresh keeps filtering
        #expect(!driver.text.contains("firefox"))
        await driver.press(.escape)
        #expect(driver.text.contains("firefox") && driver.state?.filter == "")
    }

    @Test("Enter shows the selected process's details below the table at 80 columns (snapshot)")
    func detail() async {
        let driver = await makeDriver()
        await driver.press(.enter)
        #expect(driver.text.contains("╭ 1234 · firefox "))
        #expect(driver.text.contains("Threads  84"))
        expectSnapshot(driver.screen, named: "processes-detail-80x24")
        await driver.press(.character("i"))
        #expect(!driver.text.contains("╭ 1234"))
    }

    @Test("on a wide screen the details are beside the table, with the CPU over time")
    func detailBeside() async {
        let busy: [UInt64] = [100, 300, 200, 400, 50, 250, 350, 150, 0, 320, 280, 120]
        let driver = await makeDriver(size: Size(rows: 24, columns: 120), samples: Fixtures.series(firefox: busy))
        for _ in 1..<busy.count { await driver.advance(by: .seconds(2)) }
        #expect(driver.state?.selected?.cpuHistory.count == busy.count)
        await driver.press(.character("i"))
        expectSnapshot(driver.screen, named: "processes-detail-120x24")
    }

    @Test("a narrow screen drops the less useful columns and puts the details below (snapshots)")
    func narrow() async {
        let driver = await makeDriver(size: Size(rows: 20, columns: 42))
        expectSnapshot(driver.screen, named: "processes-42x20")
        await driver.press(.down, .character("i"))
        expectSnapshot(driver.screen, named: "processes-detail-42x20")
    }

    @Test("? shows every key; any key closes it")
    func help() async {
        let driver = await makeDriver()
        await driver.press(.character("?"))
        expectSnapshot(driver.screen, named: "processes-help-80x24", styled: false)
        await driver.press(.character("s"))
        #expect(driver.state?.isHelpShown == false && driver.state?.sort == .cpu)
    }

    @Test("names and command lines with escape sequences, control characters and wide text are drawn as text")
    func hostileNames() async {
        var sample = Fixtures.first
        sample.processes = [
            ProcessReading(pid: 66, name: "\u{1B}]0;pwned\u{7}", commandLine: "evil \u{1B}[2J\u{1B}[31mred\ttab\u{0}nul"),
            ProcessReading(pid: 67, name: "(a) b)", commandLine: String(repeating: "日本語 ", count: 10_000)),
        ]
        let driver = await makeDriver(samples: [sample])
        await driver.press(.character("i"))
        #expect(!driver.text.contains("\u{1B}"))
        #expect(driver.text.contains("evil"))
        #expect(driver.state?.shown.count == 2)
        await driver.press(.down)
        #expect(driver.text.contains("╭ 67 · (a) b) "))
    }

    @Test("tiny screens, the details and the help shown, draw without a crash", arguments: [
        Size(rows: 0, columns: 0), Size(rows: 1, columns: 1), Size(rows: 3, columns: 12), Size(rows: 24, columns: 8),
    ])
    func tinyScreens(size: Size) async {
        let driver = await makeDriver()
        await driver.press(.character("i"))
        await driver.resize(to: size)
        await driver.press(.down, .pageDown, .character("?"))
        #expect(driver.state?.size == size)
        await driver.press(.character("x"), .pageUp)
        #expect(driver.state?.isHelpShown == false)
    }

    @Test("q quits; while typing the filter, q is text and Ctrl+C quits")
    func quits() async {
        let driver = await makeDriver()
        await driver.press(.character("/"), .character("q"))
        #expect(driver.state?.isQuitting == false && driver.state?.filter == "q")
        await driver.press(.control("c"))
        #expect(driver.state?.isQuitting == true)
    }
}
