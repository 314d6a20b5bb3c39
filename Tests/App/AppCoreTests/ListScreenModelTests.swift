import Browser
import Catalog
import SpinTesting
import Terminal
import Testing
@testable import AppCore

/// Random sequences of keys, resizes and page answers through the app's reducer, each state
/// drawn on a screen that may not be the size the state was laid out for (a resize the reducer
/// has yet to see): the invariants hold after every event (`AppReducer.reducer` checks them),
/// and every frame draws only loaded titles, the selected one on a row of its own.
@Suite("The list screen under random sequences")
struct ListScreenModelTests {
    enum Operation: CustomStringConvertible {
        case event(AppEvent)
        case answer
        case fail
        /// The screen changes size; the reducer hears of it only with the next `.resized`.
        case screen(Size)

        var description: String {
            switch self {
            case .event(let event): "\(event)"
            case .answer: "answer the page asked for"
            case .fail: "fail the page asked for"
            case .screen(let size): "screen becomes \(size.columns)x\(size.rows)"
            }
        }
    }

    static let sizes = [Size(rows: 1, columns: 1), Size(rows: 6, columns: 24), Size(rows: 7, columns: 30),
                        Size(rows: 24, columns: 80), Size(rows: 40, columns: 120), Size(rows: 3, columns: 200)]

    static func randomOperation(_ random: inout RandomSequences.Generator) -> Operation {
        let moves: [SelectionMove] = [.up, .down, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .home, .end, .by(-7), .by(9)]
        switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 40: return .event(.list(.selectionMoved(moves.randomElement(using: &random)!)))
        case 40 ..< 60: return .answer
        case 60 ..< 63: return .fail
        case 63 ..< 66: return .event(.list(.retryRequested))
        case 66 ..< 74: return .screen(sizes.randomElement(using: &random)!)
        case 74 ..< 82: return .event(.resized(sizes.randomElement(using: &random)!))
        case 82 ..< 86: return .event(.searchPasted(["7", "Title 1", "zz"].randomElement(using: &random)!))
        case 86 ..< 89: return .event(.list(.searchCancelled))
        case 89 ..< 92: return .event(.list(.catalogChanged))
        case 92 ..< 95: return .event(.list(.detailOpened))
        default: return .event(.list(.backRequested))
        }
    }

    struct Setting {
        var count: Int
        var pageSize: Int
        var size: Size
    }

    static func run(_ operations: [Operation], in setting: Setting) -> String? {
        let titles = (0 ..< setting.count).map { n in
            Title(id: "t\(n)", title: "Title \(n)", year: 2000, genre: "Drama", duration: 3600,
                  introStart: 0, introEnd: 30, creditsStart: 3500)
        }
        func page(for request: PageRequest) -> Page {
            let matching = request.query.isEmpty ? titles : titles.filter { $0.title.contains(request.query) }
            if let page = try? EndPaging.page(request.cursor, count: matching.count, pageSize: request.pageSize, title: { matching[$0] }) {
                return page
            }
            guard case .offset(let start) = request.cursor else { return Page(items: [], next: nil) }
            let end = min(matching.count, start + request.pageSize)
            return Page(items: Array(matching[min(start, end) ..< end]), next: end < matching.count ? .offset(end) : nil,
                        last: end < matching.count ? EndPaging.last : nil, total: matching.count)
        }
        var state = AppState(list: ListState(pageSize: setting.pageSize))
        AppReducer.reduce(&state, .resized(setting.size))
        var screenSize = setting.size
        for operation in operations {
            switch operation {
            case .event(let event):
                AppReducer.reduce(&state, event)
                if case .resized(let size) = event { screenSize = size }
            case .answer:
                if let request = state.list.pageToLoad { AppReducer.reduce(&state, .list(.pageLoaded(page(for: request), for: request))) }
            case .fail:
                if let request = state.list.pageToLoad { AppReducer.reduce(&state, .list(.pageFailed("down", for: request))) }
            case .screen(let size):
                screenSize = size
            }
            if let broken = state.brokenInvariants.first { return "\(operation): \(broken)" }
            let screen = HeadlessScreen(size: screenSize)
            screen.frame { AppView.render(state, on: $0, tick: 0) }
            // Every title drawn is a loaded one.
            let loaded = Set(state.list.titles(in: 0 ..< state.list.items.count).map(\.title))
            for row in Layout.listBody(for: screenSize).rows(in: screenSize) {
                let text = screen.rowText(row)
                if let name = text.firstMatch(of: /^\s*(Title \d+)/).map({ String($0.output.1) }), !loaded.contains(name),
                   state.list.detail == nil {
                    return "\(operation): row \(row) shows “\(name)”, which is not loaded"
                }
            }
        }
        return nil
    }

    @Test("keys, late and failed pages, searches and resizes, the screen's size ahead of the state's: every frame draws loaded titles only")
    func randomSequences() {
        let ran = RandomSequences(seeds: 0 ..< 200, length: 1 ... 80).check(
            setup: { random in
                Setting(count: [0, 3, 7, 40, 200].randomElement(using: &random)!,
                        pageSize: [1, 3, 7, 50].randomElement(using: &random)!,
                        size: Self.sizes.randomElement(using: &random)!)
            },
            operation: Self.randomOperation
        ) { setting, operations in
            return Self.run(operations, in: setting)
        }
        #expect(ran.sequences >= 200)
    }

    @Test("a list entered from its end with less than a screen loaded draws the loaded titles from the top, and the rest once they arrive")
    func endWithLessThanAScreen() {
        var state = AppState(list: ListState(pageSize: 7))
        AppReducer.reduce(&state, .resized(Size(rows: 24, columns: 80)))
        let titles = (0 ..< 100).map { n in
            Title(id: "t\(n)", title: "Title \(n)", year: 2000, genre: "Drama", duration: 3600, introStart: 0, introEnd: 30, creditsStart: 3500)
        }
        func answer() {
            let request = state.list.pageToLoad!
            let page = (try? EndPaging.page(request.cursor, count: 100, pageSize: 7, title: { titles[$0] }))
                ?? Page(items: Array(titles[0 ..< 7]), next: .offset(7), last: EndPaging.last, total: 100)
            AppReducer.reduce(&state, .list(.pageLoaded(page, for: request)))
        }
        answer()
        AppReducer.reduce(&state, .list(.selectionMoved(.end)))
        answer()
        #expect(state.list.firstIndex == 93)
        var screen = AppFixtures.render(state)
        #expect(screen.rowText(2).contains("Title 93"))
        #expect(screen.rowText(8).contains("Title 99"))
        answer()  // the 7 before them
        answer()  // and 7 more: 21 rows filled
        answer()
        screen = AppFixtures.render(state)
        #expect(state.list.brokenRules.isEmpty)
        #expect(screen.rowText(22).contains("Title 99"))
    }
}

private extension Rect {
    /// The screen rows of this rectangle that a screen of `size` has.
    func rows(in size: Size) -> Range<Int> {
        min(row, size.rows) ..< min(row + rows, size.rows)
    }
}
