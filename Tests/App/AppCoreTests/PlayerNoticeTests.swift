import Catalog
import Player
import SpinTesting
import SpindleUITesting
import Terminal
import Testing
@testable import AppCore

/// The player's own notices: what `w` did, said in the HUD until the next key or the HUD's 3 s.
@Suite("The player's notices (virtual time)")
struct PlayerNoticeTests {
    static let titles = (0..<3).map { index in
        Title(id: "t\(index)", title: "Title \(index)", year: 2000, genre: "Drama",
              duration: 600, introStart: 0, introEnd: 0, creditsStart: 560)
    }

    static func makeDriver() async -> HeadlessDriver<AppState, AppEvent> {
        await AppFixtures.driver(settle: .milliseconds(10)) {
            RecordingProvider(titles: titles, latency: .milliseconds(10), clock: $0.clock)
        }.driver
    }

    @Test("w in the player says “✓ marked watched” in the HUD, then goes after 3 s while playing")
    func markedWatchedWhilePlaying() async {
        let driver = await Self.makeDriver()
        await driver.press(.enter)
        await driver.advance(by: .seconds(5))
        #expect(driver.state?.player?.isHUDVisible == false, "the HUD hid by itself")
        await driver.press(.character("w"))
        await driver.turn()
        #expect(driver.state?.watched.contains("t0") == true)
        #expect(driver.text.contains("✓ marked watched"), "\(driver.text)")
        await driver.advance(by: .seconds(4))
        #expect(!driver.text.contains("marked watched"))
        #expect(driver.state?.player?.notice == nil)
    }

    @Test("paused, “marked not watched” goes with the next key, or after 3 s though the HUD stays")
    func markedNotWatchedWhilePaused() async {
        let driver = await Self.makeDriver()
        await driver.press(.enter)
        await driver.advance(by: .seconds(1))
        await driver.press(.character(" "), .character("w"))
        await driver.turn()
        #expect(driver.text.contains("✓ marked watched"))
        await driver.press(.character("w"))
        await driver.turn()
        #expect(driver.state?.watched.contains("t0") == false)
        #expect(driver.text.contains("marked not watched"), "\(driver.text)")
        #expect(!driver.text.contains("✓ marked watched"))
        await driver.press(.character("m"))
        await driver.turn()
        #expect(!driver.text.contains("marked not watched"), "the next key dismisses it")
        await driver.press(.character("w"))
        await driver.turn()
        #expect(driver.text.contains("✓ marked watched"))
        await driver.advance(by: .seconds(4))
        #expect(!driver.text.contains("marked watched"), "gone after 3 s")
        #expect(driver.state?.player?.isHUDVisible == true, "a paused player keeps its HUD")
    }
}
