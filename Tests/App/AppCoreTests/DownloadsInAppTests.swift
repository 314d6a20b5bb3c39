import Browser
import Catalog
import Downloads
import Player
import SpinTesting
import SpindleUITesting
import Terminal
import Testing
@testable import AppCore

/// Downloads inside the app: the keys, the rows' marks, the downloads screen and the player's
/// HUD, with the real downloads spin beside the app's (a simulated source) on virtual time.
@Suite("Downloads in the app (virtual time)")
struct DownloadsInAppTests {
    static let titles = (0..<60).map { index in
        Title(id: "t\(index)", title: "Title \(index)", year: 2000, genre: "Drama",
              duration: 600, introStart: 20, introEnd: 50, creditsStart: 560)
    }

    /// 600 s of video at 50 kB/s is 30 MB: 10 s at 3 MB/s; the subtitles (40 kB) take one tick.
    func makeDriver(
        maxConcurrent: Int = 3, failingAttempts: [String: Int] = [:], initialDownloads: DownloadsState? = nil,
        titles: [Title] = Self.titles
    ) async -> HeadlessDriver<AppState, AppEvent> {
        let source = SimulatedDownloadSource(bytesPerSecond: 3_000_000, failingAttempts: failingAttempts,
                                             directory: "/offline")
        let downloads = AppDownloads(source: source,
                                     initialState: initialDownloads ?? DownloadsState(maxConcurrent: maxConcurrent))
        return await AppFixtures.driver(size: Size(rows: 24, columns: 100), settle: .milliseconds(150), downloads: downloads) {
            RecordingProvider(titles: titles, latency: .milliseconds(150), clock: $0.clock)
        }.driver
    }

    func line(_ driver: HeadlessDriver<AppState, AppEvent>, containing text: String) -> String {
        driver.text.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    @Test("d on two rows downloads both: each row shows a bar and a percentage, then the offline mark")
    func twoDownloads() async {
        let driver = await makeDriver()
        await driver.press(.character("d"), .down, .character("d"))
        await driver.advance(by: .seconds(5))
        let first = line(driver, containing: "Title 0 ")
        #expect(first.contains("▰▰▱▱▱ 50%"), "\(first)")
        #expect(driver.state?.downloads["t0"]?.status == .running)
        #expect(driver.state?.downloads["t1"]?.status == .running)
        await driver.advance(by: .seconds(6))
        #expect(line(driver, containing: "Title 0 ").contains("✓ offline"))
        #expect(line(driver, containing: "Title 1 ").contains("✓ offline"))
        #expect(driver.state?.downloads["t0"]?.localCopy?.video == "/offline/t0/video")
    }

    @Test("a second d on a running title starts nothing and says 'already downloading'; c cancels, d again retries")
    func alreadyDownloadingCancelRetry() async {
        let driver = await makeDriver()
        await driver.press(.character("d"))
        await driver.advance(by: .seconds(3))
        let percent = driver.state?.downloads["t0"]?.percent ?? 0
        #expect(percent >= 25)
        await driver.press(.character("d"))
        await driver.turn()
        #expect(driver.text.contains("Title 0: already downloading"))
        #expect(driver.state?.downloads["t0"]?.percent == percent, "nothing started over")
        await driver.press(.character("c"))
        await driver.turn()
        #expect(driver.state?.downloads["t0"]?.status == .cancelled)
        #expect(line(driver, containing: "Title 0 ").contains("cancelled"))
        #expect(!driver.text.contains("already downloading"), "the notice goes with the next key")
        await driver.advance(by: .seconds(20))
        #expect(driver.state?.downloads["t0"]?.status == .cancelled, "a cancelled download fetches nothing more")
        await driver.press(.character("d"))
        await driver.advance(by: .seconds(11))
        #expect(driver.state?.downloads["t0"]?.localCopy != nil)
    }

    @Test("at the limit, the next downloads wait in order and start as slots free")
    func queueAtTheLimit() async {
        let driver = await makeDriver(maxConcurrent: 2)
        await driver.press(.character("d"), .down, .character("d"), .down, .character("d"))
        await driver.advance(by: .seconds(1))
        #expect(driver.state?.downloads["t2"]?.status == .queued)
        #expect(line(driver, containing: "Title 2 ").contains("queued"))
        await driver.advance(by: .seconds(10))
        #expect(driver.state?.downloads["t2"]?.status == .running)
        await driver.advance(by: .seconds(11))
        #expect(driver.state?.downloads.summaries.allSatisfy { $0.localCopy != nil } == true)
    }

    @Test("a failure shows in the row with its reason, and d retries")
    func failureThenRetry() async {
        let driver = await makeDriver(failingAttempts: ["t0": 1])
        await driver.press(.character("d"))
        await driver.advance(by: .seconds(6))
        guard case .failed(let message) = driver.state?.downloads["t0"]?.status else {
            Issue.record("not failed: \(String(describing: driver.state?.downloads["t0"]))")
            return
        }
        #expect(line(driver, containing: "Title 0 ").contains("✗ " + message.prefix(10)))
        await driver.press(.character("d"))
        await driver.advance(by: .seconds(11))
        #expect(driver.state?.downloads["t0"]?.localCopy != nil)
    }

    @Test("o shows every download with its state, speed and time left; x removes; Enter plays a stored title")
    func downloadsScreen() async {
        let driver = await makeDriver(maxConcurrent: 1)
        await driver.press(.character("d"), .down, .character("d"))
        await driver.advance(by: .seconds(4))
        await driver.press(.character("o"))
        await driver.turn()
        let text = driver.text
        #expect(text.contains("Downloads"))
        #expect(text.contains("1 running · 1 queued"))
        let running = line(driver, containing: "Title 0")
        #expect(running.contains("downloading"))
        #expect(running.contains("3.0 MB/s"), "\(running)")
        #expect(running.contains("0:06"), "time left: \(running)")
        #expect(running.contains("30 MB"))
        #expect(line(driver, containing: "Title 1").contains("queued"))
        await driver.advance(by: .seconds(7))
        #expect(line(driver, containing: "Title 0").contains("✓ offline"))
        await driver.press(.down, .character("x"))
        await driver.turn()
        #expect(driver.state?.downloads["t1"] == nil)
        #expect(!driver.text.contains("Title 1"))
        await driver.press(.up, .enter)
        await driver.turn()
        #expect(driver.state?.player?.title.id == "t0")
        await driver.press(.escape)
        await driver.turn()
        #expect(driver.text.contains("Downloads"), "back from the player to the downloads screen")
        await driver.press(.escape)
        await driver.turn()
        #expect(driver.text.contains("Spindle"))
    }

    @Test("d in the player downloads the title playing; the HUD shows its progress")
    func fromThePlayer() async {
        let driver = await makeDriver()
        await driver.press(.enter)
        await driver.turn()
        await driver.press(.character("d"))
        await driver.advance(by: .seconds(2))
        await driver.press(.character("z"))   // the HUD shows again
        await driver.turn()
        #expect(driver.text.contains("↓ ▰▱▱▱▱ 2"), "\(driver.text)")
        await driver.advance(by: .seconds(9))
        await driver.press(.character("z"))
        await driver.turn()
        #expect(driver.text.contains("✓ offline"))
    }

    @Test("a stored title with media plays from its local copy")
    func playsTheLocalCopy() async {
        let titles = Self.titles.map { title in
            var title = title
            title.media = TitleMedia(video: "http://server/\(title.id)/video", subtitles: nil)
            return title
        }
        let driver = await makeDriver(titles: titles)
        await driver.press(.character("d"))
        await driver.advance(by: .seconds(11))
        await driver.press(.enter)
        await driver.turn()
        #expect(driver.state?.player?.title.media?.video == "/offline/t0/video")
    }

    @Test("after a restart, stored titles show offline and interrupted ones resumable, from the gear alone")
    func afterARestart() async {
        var before = DownloadsState()
        DownloadsState.reduce(&before, .downloadRequested(Self.titles[0], parts: [.video]))
        DownloadsState.reduce(&before, .progressed("t0", .video, .finished(localPath: "/offline/t0/video"), at: .seconds(1)))
        DownloadsState.reduce(&before, .downloadRequested(Self.titles[1], parts: [.video]))
        DownloadsState.reduce(&before, .progressed("t1", .video, .size(1_000), at: .seconds(1)))
        DownloadsState.reduce(&before, .progressed("t1", .video, .received(420), at: .seconds(2)))
        let driver = await makeDriver(initialDownloads: before.afterRestart())
        await driver.turn()
        #expect(line(driver, containing: "Title 0 ").contains("✓ offline"))
        #expect(line(driver, containing: "Title 1 ").contains("interrupted 42%"))
        await driver.press(.down, .character("d"))
        await driver.advance(by: .seconds(11))
        #expect(driver.state?.downloads["t1"]?.localCopy != nil)
    }
}
