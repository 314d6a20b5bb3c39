import Browser
import Catalog
import Player
import SpinTesting
import SpindleUITesting
import Terminal
import Testing
@testable import AppCore

/// Up next in a library, where it stays within a show: the app asks the catalog rather than
/// taking the list's next row (another show, a film), and the details screen follows the
/// title that plays.
@Suite("Up next within a show, in the app (virtual time)")
struct ShowUpNextTests {
    /// Two episodes of a show, then a film: the library's rule is the provider's `title(after:)`.
    final class ShowProvider: PageProvider, Sendable {
        let titles = ["Harbor S01E01", "Harbor S01E02", "Some Film"].enumerated().map { index, name in
            Title(id: "t\(index)", title: name, year: 2000, genre: "Drama",
                  duration: 600, introStart: 20, introEnd: 50, creditsStart: 560)
        }
        var upNextIsTheListsNext: Bool { false }

        func page(_ request: PageRequest) async throws -> Page {
            Page(items: titles, next: nil)
        }

        func title(after titleID: String, query: String) async throws -> Title? {
            titleID == "t0" ? titles[1] : nil
        }
    }

    func makeDriver() async -> HeadlessDriver<AppState, AppEvent> {
        await AppFixtures.driver(size: Size(rows: 24, columns: 100), settle: .milliseconds(10)) { _ in ShowProvider() }.driver
    }

    /// Plays the selected title to its credits and a little more.
    func playToTheCredits(_ driver: HeadlessDriver<AppState, AppEvent>) async {
        await driver.press(.enter)
        await driver.press(.up, .up, .up, .up, .up,
                           .up, .up, .up, .up)
        await driver.advance(by: .seconds(21))
    }

    @Test("after a show's last episode, up next offers nothing, not the film on the next row")
    func nothingAfterTheLastEpisode() async {
        let driver = await makeDriver()
        await driver.press(.down)
        await playToTheCredits(driver)
        #expect(driver.state?.player?.title.id == "t1")
        #expect(driver.state?.player?.nextTitle == nil)
        #expect(!driver.text.contains("Up next"))
        await driver.advance(by: .seconds(60))
        #expect(driver.state?.player?.title.id == "t1", "it never plays the film")
    }

    @Test("up next started from the details: Esc goes back to the details of the episode that played")
    func detailsFollowUpNext() async {
        let driver = await makeDriver()
        await driver.press(.character("i"))
        #expect(driver.state?.list.detail?.id == "t0")
        await playToTheCredits(driver)
        #expect(driver.text.contains("Up next: Harbor S01E02"))
        await driver.advance(by: .seconds(10))
        #expect(driver.state?.player?.title.id == "t1")
        await driver.press(.escape)
        #expect(driver.state?.player == nil)
        #expect(driver.state?.list.detail?.id == "t1")
        #expect(driver.text.contains("Harbor S01E02"))
    }
}
