import Catalog
import Testing
@testable import Browser

/// Each invariant of the list fails on a state built to break it, and only that one.
@Suite("The list's invariants name what a broken state breaks")
struct ListInvariantTests {
    /// A list of 30 loaded titles of 100, on 10 rows, the 5th selected: every rule holds.
    static var valid: ListState {
        var state = ListState.loaded(30, of: 100, pageSize: 10, viewportRows: 10)
        state.send(.selectionMoved(.to(4)))
        return state
    }

    static func breaking(_ rule: ListState.Rule) -> ListState {
        var state = valid
        switch rule {
        case .selectionOnLoadedTitle:
            state.items.removeAll()
            state.pageEnds.removeAll()
            state.selection = 3
            state.scrollOffset = 0
        case .offsetWithinTitles:
            state.scrollOffset = 25
            state.selection = 25
        case .selectionOnScreen:
            state.selection = 15
        case .earlierTitlesReachable:
            state.firstIndex = 40
        case .requestsWhereTitlesAre:
            state.isEarlierPageRequested = true
        case .failureStopsLoading:
            state.lastError = "down"
            state.isPageRequested = true
        case .pendingMoveWaitsForTitles:
            state.pendingMove = PendingMove(target: -3, row: nil)
        case .refreshWithinBound:
            state.refreshSize = 0
        case .searchSavesListOnlyWhileSearching:
            state.unfiltered = state.savedList
        case .savedListsHoldTheirSelection:
            var saved = state.savedList
            saved.selection = 99
            state.scopeTrail = [ScopePlace(scope: .all, list: saved)]
        case .searchOrDetail:
            state.detail = state.selectedTitle
            state.isSearchOpen = true
        case .pageEndsFollowPages:
            state.pageEnds.removeLast()
        case .windowWithinBound:
            // Three pages of ten, the selection on the 5th: the last page is 15 titles below it.
            state.maximumLoaded = 5
        case .reloadFromAPage:
            state.refreshStart = 10
        case .totalAgreesWithTitles:
            state.total = 10
        }
        return state
    }

    @Test("a list that loads, moves and searches keeps every rule")
    func validHolds() {
        #expect(Self.valid.brokenRules.isEmpty)
    }

    @Test("a state built to break a rule breaks that rule alone", arguments: ListState.Rule.allCases)
    func ruleFails(_ rule: ListState.Rule) {
        let state = Self.breaking(rule)
        #expect(state.brokenRules == [rule])
        #expect(state.brokenInvariants == [rule.rawValue])
    }

    @Test("a reload read backward from the loaded titles' end while more follow them breaks the reload's rule alone")
    func reloadBackwardFromAnEndNotLoaded() {
        var state = Self.valid
        state.refreshSize = 20
        state.refreshEnd = 30
        #expect(state.hasMore)
        #expect(state.brokenRules == [.reloadFromAPage])
    }
}
