import Catalog
import Testing
@testable import Browser

/// Titles numbered from `start`, cheap to make by the thousand.
func sampleTitles(_ range: Range<Int>) -> [Title] {
    range.map { n in
        Title(id: "t\(n)", title: "Title \(n)", year: 2000, genre: "Drama",
              duration: 3600, introStart: 0, introEnd: 30, creditsStart: 3500)
    }
}

extension ListState {
    /// Reduces each event, and checks the list's invariants after each.
    mutating func send(_ events: ListEvent..., sourceLocation: SourceLocation = #_sourceLocation) {
        for event in events {
            ListState.reduce(&self, event)
            let broken = brokenInvariants
            #expect(broken.isEmpty, "after \(event): \(broken.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
    }

    /// Answers the page being loaded as an offset-paged catalog of `total` titles would.
    mutating func answerPage(total: Int) {
        guard let request = pageToLoad, case .offset(let start) = request.cursor else {
            Issue.record("no offset page to answer")
            return
        }
        let end = min(total, start + request.pageSize)
        send(.pageLoaded(Page(items: sampleTitles(start ..< end), next: end < total ? .offset(end) : nil),
                         for: request))
    }

    /// A list with `loaded` titles of a `total`-title catalog, selection on the first.
    static func loaded(_ loaded: Int, of total: Int = 1_000, pageSize: Int = 50, viewportRows: Int = 10) -> ListState {
        var state = ListState(pageSize: pageSize, viewportRows: viewportRows)
        var start = 0
        while start < min(loaded, total) {
            let end = min(start + pageSize, total)
            let next = end < total ? PageCursor.offset(end) : nil
            state.appendPage(Page(items: sampleTitles(start ..< end), next: next), readFrom: .offset(start), next: next)
            start = end
        }
        state.nextCursor = start < total ? .offset(start) : nil
        state.isPageRequested = false
        state.send(.selectionMoved(.home))
        return state
    }

    mutating func move(_ move: SelectionMove, times: Int) {
        for _ in 0 ..< times { send(.selectionMoved(move)) }
    }
}
