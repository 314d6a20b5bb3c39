import Browser
import Catalog
import Foundation
import Player
import Terminal
import Testing
@testable import AppCore

/// The app's invariants include the open player's.
@Suite("The app's invariants include the player's")
struct AppPlayerInvariantTests {
    static let film = Title(id: "film", title: "Film", year: 2020, genre: "Drama",
                            duration: 120, introStart: 10, introEnd: 40, creditsStart: 100)

    static var laidOut: AppState {
        var state = AppState(list: ListState(pageSize: 10))
        AppReducer.reduce(&state, .resized(Size(rows: 24, columns: 80)))
        return state
    }

    @Test("an open player that keeps its rules adds nothing; one past its title's end is reported by the player's rule")
    func player() throws {
        var state = Self.laidOut
        state.player = PlayerState(title: Self.film, position: 50, isPlaying: false)
        #expect(state.brokenInvariants.isEmpty)
        // A player saved with a position past its title's end, as a damaged journal could hold it.
        let data = try JSONEncoder().encode(state.player)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["position"] = 130
        state.player = try JSONDecoder().decode(PlayerState.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(state.brokenInvariants == [PlayerState.Rule.positionWithinTitle.rawValue])
        #expect(state.brokenRules.isEmpty)
    }
}
