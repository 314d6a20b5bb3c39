import Browser
import Catalog
import Player
import SpinTesting
import SpindleUITesting
import Terminal
import Testing
@testable import AppCore

/// The player inside the app, with its real feedbacks, on virtual time.
@Suite("Player in the app (virtual time)")
struct PlayerFeedbackTests {
    static let titles = (0..<60).map { index in
        Title(id: "t\(index)", title: "Title \(index)", year: 2000, genre: "Drama",
              duration: 600, introStart: 20, introEnd: 50, creditsStart: 560)
    }

    func makeDriver() async -> HeadlessDriver<AppState, AppEvent> {
        await AppFixtures.driver(settle: .milliseconds(150)) {
            RecordingProvider(titles: Self.titles, latency: .milliseconds(150), clock: $0.clock)
        }.driver
    }

    @Test("Enter plays the selected title; the HUD hides 3 s after the last key")
    func hudHides() async {
        let driver = await makeDriver()
        await driver.press(.down, .down, .enter)
        #expect(driver.state?.player?.title.id == "t2")
        #expect(driver.text.contains("▶ Playing"))
        await driver.advance(by: .milliseconds(2900))
        await driver.press(.character("z"))            // any key: restarts the 3 s
        await driver.advance(by: .milliseconds(2999))
        #expect(driver.state?.player?.isHUDVisible == true)
        await driver.advance(by: .milliseconds(1))
        #expect(driver.state?.player?.isHUDVisible == false)
        #expect(!driver.text.contains("Playing"))
        #expect(driver.text.contains("Title 2"))
    }

    @Test("the intro skips itself after counting down from 10, then the list is back at the same row")
    func skipIntroAndBack() async {
        let driver = await makeDriver()
        await driver.press(.down, .down, .down, .enter)
        await driver.advance(by: .seconds(20))
        #expect(driver.text.contains("Skip intro (10)"))
        await driver.advance(by: .seconds(9))
        #expect(driver.text.contains("Skip intro (1)"))
        await driver.advance(by: .seconds(1))
        #expect(driver.text.contains("Skipping intro…"))
        await driver.advance(by: .milliseconds(300))     // the seek completes
        #expect(!driver.text.contains("Skip"))
        #expect((driver.state?.player?.position ?? 0) >= 50)
        await driver.press(.escape)
        #expect(driver.state?.player == nil)
        #expect(driver.state?.list.selection == 3)
        #expect(driver.screen.cell(row: 2 + 3, column: 1).style == Theme.standard.selected)
    }

    @Test("leaving during the countdown: its seek never happens")
    func leaveDuringCountdown() async {
        let driver = await makeDriver()
        await driver.press(.enter)
        await driver.advance(by: .seconds(25))
        #expect(driver.state?.player?.isSkipIntroShown == true)
        await driver.press(.escape)
        await driver.advance(by: .seconds(30))
        #expect(driver.state?.player == nil)
        await driver.press(.enter)                      // the same title again: left at 25 s, not past the intro
        #expect(driver.state?.resumeOffer?.position == 25)
        await driver.press(.character("s"))             // start over: from 0
        #expect(driver.state?.player?.position == 0)
    }

    @Test("up next plays the next title when its countdown ends; the list follows")
    func upNext() async {
        let driver = await makeDriver()
        await driver.press(.enter)
        await driver.press(.up, .up, .up, .up, .up,
                           .up, .up, .up, .up)
        await driver.advance(by: .seconds(1))
        #expect((driver.state?.player?.position ?? 0) >= 540)
        await driver.advance(by: .seconds(20))
        #expect(driver.text.contains("Up next: Title 1"))
        await driver.advance(by: .seconds(10))
        #expect(driver.state?.player?.title.id == "t1")
        await driver.press(.escape)
        #expect(driver.state?.list.selection == 1)
    }

    @Test("q in the player goes back to the list; q on the list quits; Ctrl+C quits from the player")
    func quit() async {
        let driver = await makeDriver()
        await driver.press(.enter, .character("q"))
        #expect(driver.state?.player == nil)
        #expect(driver.state?.isQuitting == false)
        await driver.press(.character("q"))
        #expect(driver.state?.isQuitting == true)

        let again = await makeDriver()
        await again.press(.enter, .control("c"))
        #expect(again.state?.isQuitting == true)
    }
}
