import Catalog
import SpinTesting
import Testing
@testable import Browser

/// Random sequences of what users and catalogs do to the list, against a small model: the whole
/// list as an array, and the position of the selection in it.
///
/// After every operation: the invariants hold, and the loaded titles are the model's titles at
/// their positions (`firstIndex` on). After a move made with every page answered at once, the
/// selection is where the model says. Moves made while pages are late, failed or answered out
/// of order are checked for the invariants only, and the model takes the list's position again
/// at the next settled move.
@Suite("The list against a model, under random sequences")
struct ListModelTests {
    enum Operation: CustomStringConvertible {
        /// A move, every page it needs answered at once.
        case settledMove(SelectionMove)
        /// A move, its pages left unanswered.
        case move(SelectionMove)
        case resize(rows: Int)
        /// Laid out as a grid of `columns` titles a row (1: a list).
        case layout(rows: Int, columns: Int)
        /// Answers the page asked for now.
        case answer
        /// Answers a page asked for earlier and no longer wanted.
        case answerStale
        case fail
        case retry
        /// The catalog gets more titles at its end.
        case catalogGrew(by: Int)
        case search(String)
        case searchApplied
        case searchCancelled
        case detailOpened
        case back

        var description: String {
            switch self {
            case .settledMove(let move): "settled \(move)"
            case .move(let move): "\(move), pages late"
            case .resize(let rows): "resize to \(rows) rows"
            case .layout(let rows, let columns): "lay out \(rows) rows of \(columns)"
            case .answer: "answer the page asked for"
            case .answerStale: "answer an old request"
            case .fail: "fail the page asked for"
            case .retry: "retry"
            case .catalogGrew(let count): "\(count) titles added"
            case .search(let text): "search “\(text)”"
            case .searchApplied: "search applied"
            case .searchCancelled: "search cancelled"
            case .detailOpened: "detail opened"
            case .back: "Esc"
            }
        }
    }

    static func randomMove(_ random: inout RandomSequences.Generator) -> SelectionMove {
        switch Int.random(in: 0 ..< 14, using: &random) {
        case 12: .left
        case 13: .right
        case 0, 1: .up
        case 2, 3: .down
        case 4: .pageUp
        case 5: .pageDown
        case 6: .halfPageUp
        case 7: .halfPageDown
        case 8: .home
        case 9: .end
        case 10: .by(Int.random(in: -30 ... 30, using: &random))
        default: .to(Int.random(in: -5 ... 400, using: &random))
        }
    }

    static func randomOperation(_ random: inout RandomSequences.Generator) -> Operation {
        switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 35: .settledMove(randomMove(&random))
        case 35 ..< 50: .move(randomMove(&random))
        case 50 ..< 53: .resize(rows: [0, 1, 2, 3, 5, 10, 21, 40].randomElement(using: &random)!)
        case 53 ..< 56: .layout(rows: [0, 1, 2, 3, 5, 10].randomElement(using: &random)!,
                                columns: [1, 2, 3, 5, 7, 8].randomElement(using: &random)!)
        case 56 ..< 66: .answer
        case 66 ..< 70: .answerStale
        case 70 ..< 74: .fail
        case 74 ..< 78: .retry
        case 78 ..< 82: .catalogGrew(by: Int.random(in: 1 ... 40, using: &random))
        case 82 ..< 88: .search(["1", "2", "Title 3", "zz", "7"].randomElement(using: &random)!)
        case 88 ..< 91: .searchApplied
        case 91 ..< 95: .searchCancelled
        case 95 ..< 97: .detailOpened
        default: .back
        }
    }

    /// The catalog behind the list: `count` titles in order; it can say where its last page is
    /// (`EndPaging`) when `pagesFromEnd`.
    struct Catalog: CustomStringConvertible {
        private(set) var all: [Title]
        var pagesFromEnd: Bool

        init(count: Int, pagesFromEnd: Bool) {
            all = sampleTitles(0 ..< count)
            self.pagesFromEnd = pagesFromEnd
        }

        var description: String { "\(all.count) titles" + (pagesFromEnd ? ", paged from either end" : "") }

        mutating func add(_ count: Int) {
            all += sampleTitles(all.count ..< all.count + count)
        }

        func titles(matching query: String) -> [Title] {
            query.isEmpty ? all : all.filter { $0.title.contains(query) }
        }

        func page(for request: PageRequest) -> Page {
            let titles = titles(matching: request.query)
            if pagesFromEnd,
               let page = try? EndPaging.page(request.cursor, count: titles.count, pageSize: request.pageSize, title: { titles[$0] }) {
                return page
            }
            let start: Int
            switch request.cursor {
            case .start: start = 0
            case .offset(let offset): start = min(offset, titles.count)
            default: return Page(items: [], next: nil)
            }
            if pagesFromEnd {
                // Read forward, each page also says where the one before it is.
                var page = EndPaging.forwardPage(from: start, count: titles.count, pageSize: request.pageSize) { titles[$0] }
                page.total = titles.count
                return page
            }
            let end = min(titles.count, start + request.pageSize)
            return Page(items: Array(titles[start ..< end]), next: end < titles.count ? .offset(end) : nil)
        }
    }

    struct Setting {
        var catalog: Catalog
        var pageSize: Int
        var rows: Int
        /// The most titles the list keeps loaded: small ones let go of pages all the time.
        var maximumLoaded: Int
    }

    /// Runs `operations` on a list of `catalog`; nil if everything held.
    /// `pagesLetGo` counts the events after which the list held fewer titles, with the same
    /// title selected at the same place, and no reload: pages let go of.
    static func run(_ operations: [Operation], catalog initial: Catalog, pageSize: Int, rows: Int,
                    maximumLoaded: Int = ListState.defaultMaximumLoaded, pagesLetGo: inout Int) -> String? {
        var catalog = initial
        var state = ListState(pageSize: pageSize, viewportRows: rows, maximumLoaded: maximumLoaded)
        var asked: [PageRequest] = []
        var position = 0
        var isModelInStep = true
        var positionBeforeSearch: Int?
        var searchSawChange = false
        // A failed reload keeps the list as it was until the next change: its end is where it was.
        var reloadFailed = false

        func reduce(_ event: ListEvent) -> String? {
            if let request = state.pageToLoad, !asked.contains(request) { asked.append(request) }
            let before = (count: state.items.count, selected: state.selectedTitle?.id, place: state.firstIndex + state.selection,
                          reloading: state.refreshSize != nil)
            ListState.reduce(&state, event)
            if state.items.count < before.count, !before.reloading, state.selectedTitle?.id == before.selected,
               state.firstIndex + state.selection == before.place {
                pagesLetGo += 1
            }
            if let request = state.pageToLoad, !asked.contains(request) { asked.append(request) }
            let broken = state.brokenInvariants
            return broken.isEmpty ? nil : "after \(event): " + broken.joined(separator: "; ")
        }
        func answerAll() -> String? {
            var answers = 0
            while let request = state.pageToLoad {
                answers += 1
                if answers > 10_000 { return "pages keep being asked for" }
                if let failure = reduce(.pageLoaded(catalog.page(for: request), for: request)) { return failure }
            }
            return nil
        }
        func checkTitles() -> String? {
            let titles = catalog.titles(matching: state.query)
            guard state.loadedEnd <= titles.count else { return "\(state.loadedEnd) titles counted, the catalog has \(titles.count)" }
            let loaded = state.titles(in: 0 ..< state.items.count).map(\.id)
            let expected = titles[state.firstIndex ..< state.loadedEnd].map(\.id)
            return loaded.elementsEqual(expected) ? nil : "the loaded titles are not the catalog's at their positions"
        }

        if let failure = answerAll() { return failure }
        for operation in operations {
            var failure: String?
            switch operation {
            case .settledMove(let move):
                let firstBefore = state.firstIndex
                let wasSettled = state.pageToLoad == nil && !state.hasFailed && state.pendingMove == nil && !state.isDetailOpen
                failure = reduce(.selectionMoved(move)) ?? answerAll()
                guard failure == nil, wasSettled, !state.hasFailed else { isModelInStep = false; break }
                let catalogCount = catalog.titles(matching: state.query).count
                let count = reloadFailed && !state.hasMore ? state.loadedEnd : catalogCount
                if isModelInStep {
                    let columns = state.columns
                    let page = max(1, state.viewportRows) * columns, half = max(1, state.viewportRows / 2) * columns
                    let target: Int = switch move {
                    case .up: position - columns
                    case .down: position + columns
                    case .left: position - 1
                    case .right: position + 1
                    case .pageUp: position - page
                    case .pageDown: position + page
                    case .halfPageUp: position - half
                    case .halfPageDown: position + half
                    case .home: 0
                    case .end: Int.max
                    case .by(let step): position + step
                    case .to(let index): firstBefore + index
                    }
                    // `.to` goes no higher than the first title loaded when it was made.
                    let last = max(0, count - 1)
                    position = if case .to = move {
                        min(max(target, firstBefore), last)
                    } else {
                        min(max(target, 0), last)
                    }
                    let actual = state.firstIndex + state.selection
                    if count > 0, actual != position {
                        failure = "\(move) selected position \(actual); the model says \(position)"
                    }
                }
                position = state.firstIndex + state.selection
                isModelInStep = true
            case .move(let move):
                failure = reduce(.selectionMoved(move))
                isModelInStep = false
            case .resize(let rows):
                failure = reduce(.viewportResized(rows: rows))
            case .layout(let rows, let columns):
                failure = reduce(.layoutChanged(rows: rows, columns: columns))
            case .answer:
                if let request = state.pageToLoad {
                    failure = reduce(.pageLoaded(catalog.page(for: request), for: request))
                }
                isModelInStep = false
            case .answerStale:
                if let old = asked.first(where: { $0 != state.pageToLoad }) {
                    failure = reduce(.pageLoaded(catalog.page(for: old), for: old))
                }
            case .fail:
                if let request = state.pageToLoad {
                    if state.refreshSize != nil { reloadFailed = true }
                    failure = reduce(.pageFailed("no answer", for: request))
                    isModelInStep = false
                }
            case .retry:
                failure = reduce(.retryRequested)
            case .catalogGrew(let count):
                catalog.add(count)
                reloadFailed = false
                if !state.query.isEmpty { searchSawChange = true }
                failure = reduce(.catalogChanged)
                isModelInStep = false
            case .search(let text):
                if state.query.isEmpty, !state.isDetailOpen {
                    positionBeforeSearch = isModelInStep && state.pageToLoad == nil ? state.firstIndex + state.selection : nil
                    searchSawChange = false
                }
                failure = reduce(.searchOpened) ?? reduce(.searchChanged(text))

                isModelInStep = false
            case .searchApplied:
                failure = reduce(.searchApplied)
            case .searchCancelled:
                let wasSearching = !state.query.isEmpty
                failure = reduce(.searchCancelled)
                // Back where the list was: the same title, unless the catalog changed meanwhile.
                if failure == nil, wasSearching, !searchSawChange, let before = positionBeforeSearch,
                   state.firstIndex + state.selection != before {
                    failure = "cancelling the search selected position \(state.firstIndex + state.selection), not \(before)"
                }
                isModelInStep = false
            case .detailOpened:
                failure = reduce(.detailOpened)
            case .back:
                failure = reduce(.backRequested)
                isModelInStep = false
            }
            if let failure = failure ?? checkTitles() { return "\(operation): \(failure)" }
        }
        return nil
    }

    @Test("moves, pages late, failed and out of order, resizes, searches and catalog changes keep the list whole and where the model says")
    func randomSequences() {
        var pagesLetGo = 0
        let ran = RandomSequences(seeds: 0 ..< 1_000, length: 1 ... 120).check(
            setup: { random in
                Setting(catalog: Catalog(count: [0, 1, 3, 7, 20, 57, 300].randomElement(using: &random)!,
                                         pagesFromEnd: Bool.random(using: &random)),
                        pageSize: [1, 2, 7, 10, 50].randomElement(using: &random)!,
                        rows: [0, 1, 3, 10, 21].randomElement(using: &random)!,
                        maximumLoaded: [1, 5, 12, 40, ListState.defaultMaximumLoaded].randomElement(using: &random)!)
            },
            operation: Self.randomOperation
        ) { setting, operations in
            return Self.run(operations, catalog: setting.catalog, pageSize: setting.pageSize, rows: setting.rows,
                            maximumLoaded: setting.maximumLoaded, pagesLetGo: &pagesLetGo)
        }
        #expect(ran.operations > 10_000)
        #expect(ran.sequences >= 1_000)
        #expect(pagesLetGo > 100, "pages were let go of \(pagesLetGo) times")
    }
}
