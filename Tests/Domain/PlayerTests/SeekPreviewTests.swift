import Foundation
import Catalog
import Testing
@testable import Player

@Suite("The seek preview: which frame, and for how long")
struct SeekPreviewReducerTests {
    @Test("a seek key shows the preview of its target, and the frame of that second (one every 10 s)")
    func seekKeysWantTheirFrame() {
        var player = PlayerState(title: .film, position: 5)
        #expect(player.seekPreview == nil && player.previewFrame == nil)
        player.send(.seekRequested(by: 10))
        #expect(player.seekPreview == SeekPreview(target: 15, seekKey: 1))
        #expect(player.previewFrame == 1)
        // Presses add up from the pending target: 15, 25, 35.
        player.send(.seekRequested(by: 10), .seekRequested(by: 10))
        #expect(player.seekPreview == SeekPreview(target: 35, seekKey: 3))
        #expect(player.previewFrame == 3, "35 s shows the frame taken at 30 s")
        // A click on the bar too.
        player.send(.jumpRequested(to: 119))
        #expect(player.previewFrame == 11)
        player.send(.jumpRequested(to: 120))
        #expect(player.seekPreview?.target == 120)
        #expect(player.previewFrame == 11, "the end has no frame of its own: the last one shows")
    }

    @Test("the pointer on the bar previews its second without seeking, stays there, and goes when it leaves; a journaled preview without isHover is a seek's")
    func hover() throws {
        var player = PlayerState(title: .film, position: 5)
        player.send(.barHovered(at: 47))
        #expect(player.seekPreview == SeekPreview(target: 47, seekKey: 1, isHover: true))
        #expect(player.previewFrame == 4 && player.pendingSeek == nil)
        #expect(player.seekPreviewHideRequest == nil && player.hudHideRequest == nil)
        player.send(.barHovered(at: 9_999))
        #expect(player.seekPreview?.target == player.title.duration, "kept within the title")
        player.send(.barHovered(at: nil))
        #expect(player.seekPreview == nil && player.hudHideRequest != nil)
        // Leaving takes no seek's preview away.
        player.send(.seekRequested(by: 10), .barHovered(at: nil))
        #expect(player.seekPreview?.isHover == false)
        let old = try JSONDecoder().decode(SeekPreview.self, from: Data(#"{"target":30,"seekKey":2}"#.utf8))
        #expect(old == SeekPreview(target: 30, seekKey: 2))
    }

    @Test("the frame of a second", arguments: [(0, 60, 0), (9, 60, 0), (10, 60, 1), (35, 60, 3), (59, 60, 5), (60, 60, 5), (-3, 60, 0), (0, 0, 0)])
    func frameOfASecond(second: Int, duration: Int, frame: Int) {
        #expect(SeekPreview.frame(at: second, duration: duration) == frame)
    }

    @Test("the hide wait starts only once the seek landed, and a later seek key makes an older wait's end change nothing")
    func hidesAfterItsOwnWait() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.seekRequested(by: 10))
        #expect(player.seekPreviewHideRequest == nil, "the seek is pending: the preview stays")
        player.send(.seekFinished(at: 60))
        #expect(player.seekPreviewHideRequest == SeekPreviewHideRequest(titleID: "film", seekKey: 1))
        player.send(.seekRequested(by: 10))
        player.send(.seekFinished(at: 70))
        player.send(.seekPreviewTimedOut(seekKey: 1))
        #expect(player.seekPreview?.target == 70, "a stale wait's end is ignored")
        // Other keys do not keep the preview: its wait is keyed by the seek keys alone.
        player.send(.volumeChanged(by: 5))
        #expect(player.seekPreviewHideRequest == SeekPreviewHideRequest(titleID: "film", seekKey: 2))
        player.send(.seekPreviewTimedOut(seekKey: 2))
        #expect(player.seekPreview == nil && player.previewFrame == nil && player.seekPreviewHideRequest == nil)
        #expect(player.isHUDVisible, "the HUD keeps its own 3 s")
    }

    @Test("no preview for a skip-intro seek, nor a seek that goes nowhere; it goes with the HUD and with failed media")
    func whenThereIsNone() {
        var intro = PlayerState(title: .film, position: 12)
        intro.send(.skipIntroRequested)
        #expect(intro.isSeeking && intro.seekPreview == nil)

        var start = PlayerState(title: .film)
        start.send(.seekRequested(by: -10))
        #expect(start.seekPreview == nil, "already at 0: nothing to seek to")

        var hidden = PlayerState(title: .film, position: 50)
        hidden.send(.seekRequested(by: 10), .hudToggled)
        #expect(hidden.seekPreview == nil)

        var timedOut = PlayerState(title: .film, position: 50)
        timedOut.send(.seekRequested(by: 10), .hudTimedOut(interaction: 1))
        #expect(!timedOut.isHUDVisible && timedOut.seekPreview == nil)

        var failed = PlayerState(title: .film, position: 50)
        failed.send(.seekRequested(by: 10), .mediaFailed("gone"))
        #expect(failed.seekPreview == nil && failed.seekPreviewHideRequest == nil)
    }

    @Test("the invariant: a preview only with the HUD, over ready media, within the title")
    func invariant() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.seekRequested(by: 60), .seekRequested(by: 60), .seekRequested(by: -600))
        #expect(player.seekPreview?.target == 0)
        #expect(player.holds(.seekPreviewWithTheHUD))
        player.seekPreview = SeekPreview(target: 121, seekKey: 9)
        #expect(!player.holds(.seekPreviewWithTheHUD))
        player.seekPreview = SeekPreview(target: 60, seekKey: 9)
        player.isHUDVisible = false
        #expect(!player.holds(.seekPreviewWithTheHUD))
    }
}

@Suite("The seek preview hides itself, on a test clock")
struct SeekPreviewFeedbackTests {
    @Test("shown while the seek is pending, then 1.5 s after it landed; a held key keeps it")
    func lingersAfterTheSeek() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50, isPlaying: false), running: [\.seeking, \.seekPreviewHide])
        let store = harness.store
        await store.send(.seekRequested(by: 10)) {
            $0.interactionCount = 1
            $0.pendingSeek = PendingSeek(target: 60, purpose: .user)
            $0.seekPreview = SeekPreview(target: 60, seekKey: 1)
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 60)) {
            $0.position = 60
            $0.playbackStart = 60
            $0.pendingSeek = nil
        }
        // Held: another press 1 s after the landing starts again.
        await store.advance(by: .seconds(1))
        await store.send(.seekRequested(by: 10)) {
            $0.interactionCount = 2
            $0.pendingSeek = PendingSeek(target: 70, purpose: .user)
            $0.seekPreview = SeekPreview(target: 70, seekKey: 2)
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 70)) {
            $0.position = 70
            $0.playbackStart = 70
            $0.pendingSeek = nil
        }
        await store.advance(by: .milliseconds(1_499))
        #expect(harness.current?.seekPreview != nil)
        await store.advance(by: .milliseconds(1))
        await store.receive(.seekPreviewTimedOut(seekKey: 2)) { $0.seekPreview = nil }
        // Landed at 1.6 s (the second press at 1.3 s, 300 ms of seek), hidden 1.5 s later.
        #expect(harness.timeline.firstTime { $0.seekPreview == nil && $0.position == 70 } == .milliseconds(3_100))
        await store.finish()
    }

    @Test("a slow seek keeps the preview as long as it is pending")
    func staysWhilePending() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50, isPlaying: false), seekLatency: .seconds(5),
                                    running: [\.seeking, \.seekPreviewHide])
        let store = harness.store
        await store.send(.seekRequested(by: 10)) {
            $0.interactionCount = 1
            $0.pendingSeek = PendingSeek(target: 60, purpose: .user)
            $0.seekPreview = SeekPreview(target: 60, seekKey: 1)
        }
        await store.advance(by: .milliseconds(4_999))
        #expect(harness.current?.seekPreview != nil)
        await store.advance(by: .milliseconds(1))
        await store.receive(.seekFinished(at: 60)) {
            $0.position = 60
            $0.playbackStart = 60
            $0.pendingSeek = nil
        }
        await store.advance(by: .milliseconds(1_500))
        await store.receive(.seekPreviewTimedOut(seekKey: 1)) { $0.seekPreview = nil }
        await store.finish()
    }
}
