import Catalog
import Testing
@testable import Player

@Suite("Up next, as a state machine")
struct UpNextReducerTests {
    @Test("at the credits it offers the next title, counting down from 10")
    func appears() {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 99)
        #expect(!player.isUpNextShown)
        player.send(.positionAdvanced(to: 100))
        #expect(player.isInCredits)
        #expect(player.upNext.phase == .counting(secondsLeft: 10))
        #expect(player.countdownRequests == [CountdownRequest(titleID: "film", prompt: .upNext, secondsLeft: 10)])
    }

    @Test("without a next title there is no prompt")
    func noNextTitle() {
        let player = PlayerState(title: .film, nextTitle: nil, position: 100)
        #expect(!player.isUpNextShown)
        #expect(player.countdownRequests.isEmpty)
    }

    @Test("a title without credits offers nothing until its end")
    func noCredits() {
        let player = PlayerState(title: .plain, nextTitle: .sequel, position: 119)
        #expect(!player.isUpNextShown)
    }

    @Test("at zero the player asks to play the next title")
    func playsAtZero() {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 100)
        player.tick(.upNext, downTo: 1)
        #expect(player.exit == nil)
        player.send(.countdownTicked(.upNext, secondsLeft: 0))
        #expect(player.exit == .playNext(.sequel))
        #expect(player.countdownRequests.isEmpty)
    }

    @Test("Enter plays it at once")
    func enterPlays() {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 105)
        player.send(.upNextAccepted)
        #expect(player.exit == .playNext(.sequel))
    }

    @Test("Enter when up next is not shown does not play anything")
    func enterElsewhere() {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 50)
        player.send(.upNextAccepted)
        #expect(player.exit == nil)
    }

    @Test("x dismisses it for these credits; seeking back before them and playing in brings it back")
    func dismissed() {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 100)
        player.send(.promptDismissed)
        #expect(!player.isUpNextShown)
        #expect(player.countdownRequests.isEmpty)
        player.send(.positionAdvanced(to: 101), .upNextAccepted)
        #expect(player.exit == nil)
        player.send(.seekRequested(by: -10), .seekFinished(at: 91), .positionAdvanced(to: 100))
        #expect(player.upNext.phase == .counting(secondsLeft: 10))
    }

    @Test("at the end playback stops but the countdown goes on")
    func countsAtEnd() {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 119)
        player.send(.positionAdvanced(to: 120))
        #expect(!player.isPlaying)
        #expect(player.isUpNextShown)
        #expect(player.countdownRequests.map(\.prompt) == [.upNext])
    }

    @Test("the two prompts count independently when a title's intro runs into its credits")
    func bothAtOnce() {
        let odd = Title(id: "odd", title: "Odd", year: 2000, genre: "Drama",
                        duration: 60, introStart: 10, introEnd: 50, creditsStart: 40)
        var player = PlayerState(title: odd, nextTitle: .sequel, position: 45)
        #expect(player.isSkipIntroShown)
        #expect(player.isUpNextShown)
        player.send(.countdownTicked(.upNext, secondsLeft: 9))
        #expect(player.countdownRequests == [
            CountdownRequest(titleID: "odd", prompt: .skipIntro, secondsLeft: 10),
            CountdownRequest(titleID: "odd", prompt: .upNext, secondsLeft: 9),
        ])
    }
}
