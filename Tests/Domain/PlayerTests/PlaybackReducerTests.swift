import Catalog
import Testing
@testable import Player

@Suite("Playing and seeking, as a state machine")
struct PlaybackReducerTests {
    @Test("playback asks for one stretch that its own position updates do not restart")
    func stretch() {
        var player = PlayerState(title: .film, position: 50)
        let request = PlaybackRequest(title: .film, start: 50)
        #expect(player.playbackRequest == request)
        player.send(.positionAdvanced(to: 51), .positionAdvanced(to: 52))
        #expect(player.position == 52)
        #expect(player.playbackRequest == request)
    }

    @Test("pausing stops the playback request; playing again starts from the position")
    func pauseResume() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.positionAdvanced(to: 51), .playPauseToggled)
        #expect(player.playbackRequest == nil)
        #expect(!player.wantsEngineToPlay)
        player.send(.playPauseToggled)
        #expect(player.playbackRequest == PlaybackRequest(title: .film, start: 51))
        #expect(player.wantsEngineToPlay)
    }

    @Test("a position update that arrives after a pause is ignored")
    func lateUpdate() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.playPauseToggled, .positionAdvanced(to: 51))
        #expect(player.position == 50)
    }

    @Test("a seek is pending until it lands; playback waits meanwhile, the engine keeps playing")
    func seekPending() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.seekRequested(by: 10))
        #expect(player.isSeeking)
        #expect(player.position == 50)
        #expect(player.seekRequest == SeekRequest(titleID: "film", target: 60))
        #expect(player.playbackRequest == nil)
        #expect(player.wantsEngineToPlay)
        player.send(.positionAdvanced(to: 51))
        #expect(player.position == 50)
        player.send(.seekFinished(at: 60))
        #expect(!player.isSeeking)
        #expect(player.position == 60)
        #expect(player.playbackRequest == PlaybackRequest(title: .film, start: 60))
    }

    @Test("seeks pressed while one is in flight add up, and only the last one lands")
    func seeksAddUp() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.seekRequested(by: 10), .seekRequested(by: 10), .seekRequested(by: -60))
        #expect(player.seekRequest?.target == 10)
        player.send(.seekFinished(at: 60))
        #expect(player.isSeeking)
        #expect(player.position == 50)
        player.send(.seekFinished(at: 10))
        #expect(player.position == 10)
    }

    @Test("seeks stop at the start and the end of the title")
    func clamped() {
        var player = PlayerState(title: .film, position: 5)
        player.send(.seekRequested(by: -60))
        #expect(player.seekRequest?.target == 0)
        player.send(.seekRequested(by: 600))
        #expect(player.seekRequest?.target == 120)
    }

    @Test("a seek that goes nowhere asks for nothing")
    func noOpSeek() {
        var player = PlayerState(title: .film, position: 0)
        player.send(.seekRequested(by: -10))
        #expect(player.seekRequest == nil)
    }

    @Test("seeking to the end stops playback there")
    func seekToEnd() {
        var player = PlayerState(title: .film, position: 90)
        player.send(.seekRequested(by: 60), .seekFinished(at: 120))
        #expect(player.isAtEnd)
        #expect(!player.isPlaying)
        #expect(player.playbackRequest == nil)
        #expect(!player.wantsEngineToPlay)
    }

    @Test("Space at the end plays again from the start")
    func replay() {
        var player = PlayerState(title: .film, position: 120)
        #expect(!player.isPlaying)
        player.send(.playPauseToggled)
        #expect(player.isPlaying)
        #expect(player.seekRequest?.target == 0)
        player.send(.seekFinished(at: 0))
        #expect(player.playbackRequest == PlaybackRequest(title: .film, start: 0))
    }

    @Test("going back or quitting ends the player: every request goes, every later event is ignored",
          arguments: [(PlayerEvent.backRequested, PlayerExit.backToList), (.quitRequested, .quit)])
    func exit(event: PlayerEvent, exit: PlayerExit) {
        var player = PlayerState(title: .film, position: 12)
        player.send(.seekRequested(by: 10))
        player.send(event)
        #expect(player.exit == exit)
        #expect(player.hudHideRequest == nil)
        #expect(player.playbackRequest == nil)
        #expect(player.seekRequest == nil)
        #expect(player.countdownRequests.isEmpty)
        #expect(!player.wantsEngineToPlay)
        let closed = player
        player.send(.seekFinished(at: 22), .playPauseToggled, .countdownTicked(.skipIntro, secondsLeft: 9))
        #expect(player == closed)
    }
}
