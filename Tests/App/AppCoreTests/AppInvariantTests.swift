import Browser
import Terminal
import Testing
@testable import AppCore

/// The app's own invariants fail on a state built to break them, and only they.
@Suite("The app's invariants name what a broken state breaks")
struct AppInvariantTests {
    static var valid: AppState {
        var state = AppState(list: ListState(pageSize: 10))
        AppReducer.reduce(&state, .resized(Size(rows: 24, columns: 80)))
        return state
    }

    @Test("a laid-out app keeps every rule")
    func validHolds() {
        #expect(Self.valid.brokenInvariants.isEmpty)
    }

    @Test("a list with more rows than the screen gives breaks the layout rule alone")
    func layout() {
        var state = Self.valid
        state.size = Size(rows: 10, columns: 80)
        #expect(state.brokenRules == [.listLaidOutForScreen])
    }

    @Test("a help scrolled above its first line breaks the help rule alone")
    func help() {
        var state = Self.valid
        state.helpOffset = -1
        #expect(state.brokenRules == [.helpOffsetNotNegative])
    }
}
