import Catalog
import Testing
@testable import Player

@Suite("The HUD hides itself, on a test clock")
struct HUDFeedbackTests {
    @Test("the HUD hides exactly 3 s after the last key press, not at 2.999 s")
    func hidesAtThreeSeconds() async {
        let harness = PlayerHarness(PlayerState(title: .film), running: [\.hudAutoHide])
        let store = harness.store
        await store.advance(by: .milliseconds(2_999))
        #expect(harness.current?.isHUDVisible == true)
        await store.advance(by: .milliseconds(1))
        await store.receive(.hudTimedOut(interaction: 0)) { $0.isHUDVisible = false }
        #expect(harness.timeline.firstTime { !$0.isHUDVisible } == .seconds(3))
        await store.finish()
    }

    @Test("a key at 2.9 s restarts the 3 s: the HUD hides at 5.9 s")
    func keyRestarts() async {
        let harness = PlayerHarness(PlayerState(title: .film), running: [\.hudAutoHide])
        let store = harness.store
        await store.advance(by: .milliseconds(2_900))
        await store.send(.interacted) { $0.interactionCount = 1 }
        await store.advance(by: .milliseconds(2_999))
        #expect(harness.current?.isHUDVisible == true)
        await store.advance(by: .milliseconds(1))
        await store.receive(.hudTimedOut(interaction: 1)) { $0.isHUDVisible = false }
        #expect(harness.timeline.firstTime { !$0.isHUDVisible } == .milliseconds(5_900))
        await store.finish()
    }

    @Test("while paused the HUD stays, however long")
    func pausedKeeps() async {
        let harness = PlayerHarness(PlayerState(title: .film), running: [\.hudAutoHide])
        let store = harness.store
        await store.advance(by: .seconds(1))
        await store.send(.playPauseToggled) {
            $0.isPlaying = false
            $0.interactionCount = 1
        }
        await store.advance(by: .seconds(60))
        #expect(harness.current?.isHUDVisible == true)
        await store.finish()
    }

    @Test("playing again after a pause hides the HUD 3 s after that key press")
    func resumeHides() async {
        let harness = PlayerHarness(PlayerState(title: .film, isPlaying: false), running: [\.hudAutoHide])
        let store = harness.store
        await store.advance(by: .seconds(10))
        await store.send(.playPauseToggled) {
            $0.isPlaying = true
            $0.interactionCount = 1
        }
        await store.advance(by: .seconds(3))
        await store.receive(.hudTimedOut(interaction: 1)) { $0.isHUDVisible = false }
        #expect(harness.timeline.firstTime { !$0.isHUDVisible } == .seconds(13))
        await store.finish()
    }

    @Test("Tab hides a visible HUD at once, and a Tab later shows it for another 3 s")
    func tabToggles() async {
        let harness = PlayerHarness(PlayerState(title: .film), running: [\.hudAutoHide])
        let store = harness.store
        await store.advance(by: .seconds(1))
        await store.send(.hudToggled) { $0.isHUDVisible = false }
        await store.advance(by: .seconds(10))
        await store.send(.hudToggled) {
            $0.isHUDVisible = true
            $0.interactionCount = 1
        }
        await store.advance(by: .milliseconds(2_999))
        #expect(harness.current?.isHUDVisible == true)
        await store.advance(by: .milliseconds(1))
        await store.receive(.hudTimedOut(interaction: 1)) { $0.isHUDVisible = false }
        await store.finish()
    }

    @Test("any key shows a hidden HUD, which hides again 3 s later")
    func anyKeyShows() async {
        let harness = PlayerHarness(PlayerState(title: .film), running: [\.hudAutoHide])
        let store = harness.store
        await store.advance(by: .seconds(3))
        await store.receive(.hudTimedOut(interaction: 0)) { $0.isHUDVisible = false }
        await store.advance(by: .seconds(5))
        await store.send(.interacted) {
            $0.isHUDVisible = true
            $0.interactionCount = 1
        }
        await store.advance(by: .seconds(3))
        await store.receive(.hudTimedOut(interaction: 1)) { $0.isHUDVisible = false }
        #expect(harness.timeline.times.last == .seconds(11))
        await store.finish()
    }
}
