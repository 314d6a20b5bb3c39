import Browser
import Catalog
import SpinTesting
import SpindleUITesting
import Terminal
import Testing
@testable import SpindleApp

/// The app's spin with its real feedbacks on a headless screen, a fake catalog and virtual time.
@Suite("Browser feedbacks (virtual time)")
struct BrowserFeedbackTests {
    static let titles = (0..<230).map { index in
        Title(id: "t\(index)", title: index % 10 == 3 ? "Kyoto \(index)" : "Title \(index)", year: 2000, genre: "Drama",
              duration: 5400, introStart: 60, introEnd: 120, creditsStart: 5200)
    }

    func makeDriver(failing: Set<Int> = [], size: Size = Size(rows: 24, columns: 80)) async -> (HeadlessDriver<AppState, AppEvent>, RecordingProvider) {
        let time = VirtualTime()
        let provider = RecordingProvider(titles: Self.titles, clock: time.clock, failing: failing)
        let screen = HeadlessScreen(size: size)
        let app = SpindleApp(screen: screen, provider: provider, pageSize: 50, clock: time.clock, effectExecutor: time.executor)
        let driver = HeadlessDriver(ui: app.ui, spin: app.spin, time: time, screen: screen)
        await driver.start()
        return (driver, provider)
    }

    @Test("the first page loads after the catalog's latency, not before")
    func firstPage() async {
        let (driver, provider) = await makeDriver()
        #expect(provider.requests.count == 1)
        #expect(driver.text.contains("Loading"))
        await driver.advance(by: .milliseconds(149))
        #expect(driver.state?.list.items.count == 0)
        await driver.advance(by: .milliseconds(1))
        #expect(driver.state?.list.items.count == 50)
        #expect(driver.text.contains("50 loaded, more…"))
    }

    @Test("the next page starts loading when the selection comes within a screen of the end, once")
    func prefetchOnce() async {
        let (driver, provider) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        // 21 rows on screen: the next page is wanted once fewer than max(10, 21) items are
        // below the selection, i.e. from item 29 of 0...49.
        for _ in 0..<28 { await driver.press(.down) }
        #expect(driver.state?.list.selection == 28)
        #expect(provider.requests.count == 1)
        await driver.press(.down)
        #expect(provider.requests.count == 2)
        for _ in 0..<15 { await driver.press(.down) }
        await driver.press(.up, .down, .end, .home, .end)
        #expect(provider.requests.count == 2, "moving while a page loads asks for it once")
        await driver.advance(by: .milliseconds(150))
        #expect(driver.state?.list.items.count == 100)
        #expect(provider.requests.map(\.cursor) == [.offset(0), .offset(50)])
        await driver.press(.end)
        #expect(provider.requests.map(\.cursor) == [.offset(0), .offset(50), .offset(100)])
    }

    @Test("a new query cancels the page still loading for the old one; its result never appears")
    func stalePage() async {
        let (driver, provider) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        await driver.press(.end)                      // page 2 starts loading
        #expect(provider.requests.count == 2)
        await driver.advance(by: .milliseconds(100))
        await driver.press(.character("/"), .character("k"), .character("y"), .enter)
        #expect(provider.cancelled.map(\.cursor) == [.offset(50)])
        await driver.advance(by: .milliseconds(150))
        let items = driver.state?.list.items.map(\.title) ?? []
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0.hasPrefix("Kyoto") })
        #expect(!provider.answered.contains { $0.query.isEmpty && $0.cursor == .offset(50) })
    }

    @Test("a failed page shows the error until r retries it")
    func errorThenRetry() async {
        let (driver, provider) = await makeDriver(failing: [1])
        await driver.advance(by: .milliseconds(150))
        #expect(driver.text.contains("could not load: the catalog is down - r to retry"))
        await driver.advance(by: .seconds(5))
        #expect(provider.requests.count == 1, "a failure stops loading until the user retries")
        await driver.press(.character("r"))
        #expect(provider.requests.count == 2)
        await driver.advance(by: .milliseconds(150))
        #expect(driver.state?.list.items.count == 50)
        #expect(!driver.text.contains("could not load"))
    }

    @Test("the end of the catalog stops loading for good")
    func endOfCatalog() async {
        let (driver, provider) = await makeDriver()
        for _ in 0..<5 {
            await driver.advance(by: .milliseconds(150))
            await driver.press(.end)
        }
        await driver.advance(by: .seconds(1))
        #expect(driver.state?.list.items.count == 230)
        #expect(provider.requests.count == 5)
        #expect(driver.text.contains("230 titles"))
        await driver.press(.end, .home, .end)
        #expect(provider.requests.count == 5)
    }

    @Test("keys that arrive together make one frame; a state that draws the same frame draws nothing")
    func oneFramePerBatch() async {
        let (driver, _) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        let before = driver.ui.framesDrawn
        await driver.press(.down, .down, .down, .down)
        #expect(driver.ui.framesDrawn == before + 1)
        #expect(driver.state?.list.selection == 4)
        await driver.press(.home)
        await driver.press(.up)                       // already at the top: same state
        await driver.press(.character("z"))           // unbound: no event at all
        #expect(driver.ui.framesDrawn == before + 2)
    }

    @Test("a resize lays the screen out again; a tiny one shows a notice")
    func resize() async {
        let (driver, _) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        await driver.resize(to: Size(rows: 12, columns: 40))
        #expect(driver.state?.list.viewportRows == 9)
        #expect(driver.screen.rowText(11).contains("q quit"))
        await driver.resize(to: Size(rows: 3, columns: 10))
        #expect(driver.text.hasPrefix("Too small"))
    }
}
