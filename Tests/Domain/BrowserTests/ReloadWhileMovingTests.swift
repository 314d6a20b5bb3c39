import Catalog
import SpinTesting
import Testing
@testable import Browser

/// Keys pressed while a reload is on its way (the catalog changed under the list): each move
/// goes as far as it says from where the selection is, and the reload does not move it. The
/// keys go one way from the list's start (PageDown, Down) or from its end (PageUp, Up), across
/// the pages let go of; the reload is answered after a random number of keys, as a slow
/// provider's would be, and every other page at once.
@Suite("Moving while the list is loaded again")
struct ReloadWhileMovingTests {
    /// A catalog of `titles` that pages either way, as the library does.
    static func page(_ request: PageRequest, titles: [Title]) -> Page {
        if let page = try? EndPaging.page(request.cursor, count: titles.count, pageSize: request.pageSize, title: { titles[$0] }) {
            return page
        }
        guard case .offset(let start) = request.cursor else {
            return EndPaging.forwardPage(from: 0, count: titles.count, pageSize: request.pageSize) { titles[$0] }
        }
        return EndPaging.forwardPage(from: min(start, titles.count), count: titles.count, pageSize: request.pageSize) { titles[$0] }
    }

    @Test("End or Home pressed while a reload is on its way goes to the list's end or start", arguments: [false, true])
    func endWhileReloading(home: Bool) {
        let titles = sampleTitles(0 ..< 12_000)
        var state = ListState(pageSize: 50, viewportRows: 21)
        func answerAll() {
            while let request = state.pageToLoad {
                state.send(.pageLoaded(Self.page(request, titles: titles), for: request))
            }
        }
        answerAll()
        if home {
            state.send(.selectionMoved(.end))
            answerAll()
        }
        for _ in 0 ..< 120 {
            state.send(.selectionMoved(home ? .pageUp : .pageDown))
            answerAll()
        }
        state.send(.catalogChanged)
        let reload = state.pageToLoad
        state.send(.selectionMoved(home ? .home : .end))
        #expect(state.pageToLoad == reload, "the reload goes on")
        answerAll()
        #expect(state.firstIndex + state.selection == (home ? 0 : titles.count - 1))
    }

    @Test("moves made while a reload is on its way land where the keys say", arguments: [false, true])
    func movesLandWhereTheKeysSay(fromTheEnd: Bool) {
        let titles = sampleTitles(0 ..< 12_000)
        let rows = 21
        for seed in UInt64(0) ..< 60 {
            var random = RandomSequences.Generator(seed: seed)
            var state = ListState(pageSize: 50, viewportRows: rows)
            // Each page answered at once; a reload once `reloadAfter` more keys are pressed.
            var reloadAfter: Int?
            func answer(all: Bool = false) {
                while let request = state.pageToLoad {
                    if state.refreshSize != nil, !all {
                        if reloadAfter == nil { reloadAfter = Int.random(in: 0 ... 40, using: &random) }
                        if reloadAfter! > 0 { return }
                    }
                    if state.refreshSize != nil { reloadAfter = nil }
                    state.send(.pageLoaded(Self.page(request, titles: titles), for: request))
                }
            }
            answer()
            if fromTheEnd {
                state.send(.selectionMoved(.end))
                answer()
            }
            var expected = state.firstIndex + state.selection
            var changes = 0
            for _ in 0 ..< 700 {
                if Int.random(in: 0 ..< 60, using: &random) == 0 {
                    state.send(.catalogChanged)
                    changes += 1
                }
                let page = Bool.random(using: &random)
                let step = page ? rows : 1
                state.send(.selectionMoved(fromTheEnd ? (page ? .pageUp : .up) : (page ? .pageDown : .down)))
                expected = fromTheEnd ? max(0, expected - step) : min(titles.count - 1, expected + step)
                if let left = reloadAfter, left > 0 { reloadAfter = left - 1 }
                answer()
            }
            answer(all: true)
            #expect(changes > 0)
            #expect(state.firstIndex + state.selection == expected, "seed \(seed)")
            #expect(state.selectedTitle?.id == titles[expected].id, "seed \(seed)")
        }
    }
}
