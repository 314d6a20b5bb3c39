import Catalog
import Testing
@testable import Player

@Suite("Skip intro counts down and seeks, on a test clock")
struct SkipIntroFeedbackTests {
    /// Lets `count` seconds of countdown pass, receiving each tick.
    static func countDown(_ harness: PlayerHarness, from start: Int = 10, seconds count: Int) async {
        await harness.store.advance(by: .seconds(count))
        for secondsLeft in (start - count ..< start).reversed() {
            await harness.store.receive(.countdownTicked(.skipIntro, secondsLeft: secondsLeft)) {
                $0.skipIntro.phase = .counting(secondsLeft: secondsLeft)
            }
        }
    }

    @Test("it counts 10 to 0 in whole seconds, then seeks once; the prompt stays until the seek lands")
    func countsThenSkips() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 10), running: [\.countdowns, \.seeking])
        let store = harness.store
        for secondsLeft in (1...9).reversed() {
            await store.advance(by: .milliseconds(999))
            #expect(harness.current?.skipIntro.secondsLeft == secondsLeft + 1)
            await store.advance(by: .milliseconds(1))
            await store.receive(.countdownTicked(.skipIntro, secondsLeft: secondsLeft)) {
                $0.skipIntro.phase = .counting(secondsLeft: secondsLeft)
            }
        }
        await store.advance(by: .milliseconds(999))
        #expect(harness.current?.skipIntro.secondsLeft == 1)
        #expect(harness.engine.calls == [])
        await store.advance(by: .milliseconds(1))
        await store.receive(.countdownTicked(.skipIntro, secondsLeft: 0)) {
            $0.skipIntro.phase = .acting
            $0.pendingSeek = PendingSeek(target: 40, purpose: .skipIntro)
        }
        await store.advance(by: .milliseconds(299))
        #expect(harness.current?.isSkippingIntro == true)
        await store.advance(by: .milliseconds(1))
        await store.receive(.seekFinished(at: 40)) {
            $0.position = 40
            $0.playbackStart = 40
            $0.pendingSeek = nil
            $0.skipIntro.phase = .hidden
        }
        await store.advance(by: .seconds(30))
        #expect(harness.engine.calls == [.seek(40)])
        #expect(harness.timeline.firstTime { $0.isSkippingIntro } == .seconds(10))
        #expect(harness.timeline.firstTime { $0.position == 40 } == .milliseconds(10_300))
        await store.finish()
    }

    @Test("s skips at once: one seek, the prompt says so until it lands")
    func skipNow() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 10), running: [\.countdowns, \.seeking])
        let store = harness.store
        await Self.countDown(harness, seconds: 2)
        await store.send(.skipIntroRequested) {
            $0.interactionCount = 1
            $0.skipIntro.phase = .acting
            $0.pendingSeek = PendingSeek(target: 40, purpose: .skipIntro)
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 40)) {
            $0.position = 40
            $0.playbackStart = 40
            $0.pendingSeek = nil
            $0.skipIntro.phase = .hidden
        }
        await store.advance(by: .seconds(20))
        #expect(harness.engine.calls == [.seek(40)])
        await store.finish()
    }

    @Test("x dismisses it: no more ticks, no seek")
    func dismissed() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 10), running: [\.countdowns, \.seeking])
        let store = harness.store
        await Self.countDown(harness, seconds: 3)
        await store.send(.promptDismissed) {
            $0.interactionCount = 1
            $0.skipIntro.phase = .dismissed
        }
        await store.advance(by: .seconds(30))
        #expect(harness.engine.calls == [])
        await store.finish()
    }

    @Test("no seek after the user leaves: a countdown at 1 never fires")
    func leaveBeforeZero() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 10), running: [\.countdowns, \.seeking])
        let store = harness.store
        await Self.countDown(harness, seconds: 9)
        await store.advance(by: .milliseconds(999))
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.advance(by: .seconds(10))
        #expect(harness.engine.calls == [])
        #expect(harness.current?.skipIntro.phase == .counting(secondsLeft: 1))
        await store.finish()
    }

    @Test("a skip in flight when the user leaves never lands: Spin drops its answer")
    func leaveWhileSkipping() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 10), running: [\.countdowns, \.seeking])
        let store = harness.store
        await Self.countDown(harness, seconds: 9)
        await store.advance(by: .seconds(1))
        await store.receive(.countdownTicked(.skipIntro, secondsLeft: 0)) {
            $0.skipIntro.phase = .acting
            $0.pendingSeek = PendingSeek(target: 40, purpose: .skipIntro)
        }
        await store.advance(by: .milliseconds(150))
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.advance(by: .seconds(5))
        #expect(harness.engine.calls == [.seek(40)])
        #expect(harness.current?.position == 10)
        await store.finish()
    }

    @Test("seeking out of the intro just before zero stops the countdown: only the user's seek happens")
    func seekOutBeforeZero() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 30), running: [\.countdowns, \.seeking])
        let store = harness.store
        await Self.countDown(harness, seconds: 9)
        await store.advance(by: .milliseconds(900))
        await store.send(.seekRequested(by: 15)) {
            $0.interactionCount = 1
            $0.pendingSeek = PendingSeek(target: 45, purpose: .user)
            $0.seekPreview = SeekPreview(target: 45, seekKey: 1)
            $0.skipIntro.phase = .hidden
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 45)) {
            $0.position = 45
            $0.playbackStart = 45
            $0.pendingSeek = nil
        }
        await store.advance(by: .seconds(20))
        #expect(harness.engine.calls == [.seek(45)])
        await store.finish()
    }

    @Test("seeking back before the intro brings the prompt back, with a fresh countdown")
    func backBeforeIntro() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 12), running: [\.countdowns, \.seeking])
        let store = harness.store
        await Self.countDown(harness, seconds: 2)
        await store.send(.promptDismissed) {
            $0.interactionCount = 1
            $0.skipIntro.phase = .dismissed
        }
        await store.send(.seekRequested(by: -10)) {
            $0.interactionCount = 2
            $0.pendingSeek = PendingSeek(target: 2, purpose: .user)
            $0.seekPreview = SeekPreview(target: 2, seekKey: 2)
            $0.skipIntro.phase = .hidden
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 2)) {
            $0.position = 2
            $0.playbackStart = 2
            $0.pendingSeek = nil
        }
        // Playback reaches the intro again (the playback feedback is not running here).
        await store.send(.positionAdvanced(to: 10)) {
            $0.position = 10
            $0.skipIntro.phase = .counting(secondsLeft: 10)
        }
        await Self.countDown(harness, seconds: 1)
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.finish()
    }
}
