import Browser
import Catalog
import SpinTesting
import SpindleUITesting
import Terminal
import Testing
@testable import AppCore

/// The app's spin with its real feedbacks on a headless screen, a fake catalog and virtual time.
@Suite("Browser feedbacks (virtual time)")
struct BrowserFeedbackTests {
    static let titles = (0..<230).map { index in
        Title(id: "t\(index)", title: index % 10 == 3 ? "Kyoto \(index)" : "Title \(index)", year: 2000, genre: "Drama",
              duration: 5400, introStart: 60, introEnd: 120, creditsStart: 5200)
    }

    func makeDriver(failing: Set<Int> = [], size: Size = Size(rows: 24, columns: 80)) async -> (HeadlessDriver<AppState, AppEvent>, RecordingProvider) {
        await AppFixtures.driver(size: size) { RecordingProvider(titles: Self.titles, clock: $0.clock, failing: failing) }
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
        // The last End pressed while the page loaded goes on to the real end: the next page.
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
        #expect(provider.cancelled.first == PageRequest(query: "", cursor: .offset(50), pageSize: 50))
        await driver.advance(by: .milliseconds(150))
        let items = driver.state?.list.items.map(\.title) ?? []
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0.hasPrefix("Kyoto") })
        #expect(!provider.answered.contains { $0.query.isEmpty && $0.cursor == .offset(50) })
    }

    @Test("filter as you type: 5 keys within the latency load the final query once; the others are cancelled")
    func filterAsYouType() async {
        let (driver, provider) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        await driver.press(.character("/"))
        for length in 1...5 {
            await driver.press(.character(Array("kyoto")[length - 1]))
            #expect(driver.state?.list.query == String("kyoto".prefix(length)))
            await driver.advance(by: .milliseconds(20))
        }
        await driver.advance(by: .milliseconds(150))
        #expect(provider.answered.map(\.query) == ["", "kyoto"], "one completed load for the final query")
        #expect(provider.cancelled.map(\.query) == ["k", "ky", "kyo", "kyot"])
        #expect(driver.state?.list.isSearchOpen == true, "no Enter needed")
        let rows = driver.text.split(separator: "\n").dropFirst(2).prefix(23)
        #expect(rows.first?.contains("Kyoto 3") == true)
        #expect(driver.screen.rowText(23).hasPrefix("Search: kyoto"))
    }

    @Test("Esc after a search gives back the title and the screen row selected before it")
    func keepPlace() async {
        let (driver, _) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        for _ in 0..<40 { await driver.press(.down) }
        await driver.advance(by: .milliseconds(150))
        for _ in 0..<30 { await driver.press(.down) }
        let before = driver.state!.list
        #expect(before.selectedTitle?.id == "t70")
        await driver.press(.character("/"), .character("k"))
        await driver.advance(by: .milliseconds(150))
        await driver.press(.down, .enter, .escape)
        let after = driver.state!.list
        #expect(after.query == "")
        #expect(after.selectedTitle?.id == "t70")
        #expect(after.selection - after.scrollOffset == before.selection - before.scrollOffset)
        #expect(driver.screen.cell(row: 2 + before.selection - before.scrollOffset, column: 1).style == Theme.standard.selected)
    }

    @Test("End goes to the real end: pages load one after another until the last title is selected")
    func endLoadsToTheEnd() async {
        let (driver, provider) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        await driver.press(.end)
        #expect(driver.text.contains("50 / 50+"))
        await driver.advance(by: .seconds(1))
        #expect(provider.requests.count == 5)
        #expect(driver.state?.list.selectedTitle?.id == "t229")
        #expect(driver.text.contains("230 / 230"))
        #expect(driver.text.contains("230 titles"))
    }

    @Test("keys pressed while a page loads still act when it arrives")
    func keysWhileLoading() async {
        let (driver, _) = await makeDriver()
        await driver.advance(by: .milliseconds(150))
        for _ in 0..<49 { await driver.press(.down) }
        await driver.press(.down, .down, .down)
        #expect(driver.state?.list.selection == 49)
        await driver.advance(by: .milliseconds(150))
        #expect(driver.state?.list.selection == 52)
        #expect(driver.text.contains("53 / 100+"))
    }

    @Test("a failed page shows the error until r retries it")
    func errorThenRetry() async {
        let (driver, provider) = await makeDriver(failing: [1])
        await driver.advance(by: .milliseconds(150))
        #expect(driver.text.contains("could not load: the catalog is down - r to retry"))
        #expect(driver.text.components(separatedBy: "could not load").count == 2, "the error shows once")
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
