import Browser
import Catalog
import Synchronization
import Terminal
import TerminalTesting
import Testing
@testable import AppCore

/// The list as a grid of cards (`v`): laid out for the screen, moved by rows and cells, drawn
/// card by card with the selection framed, and the cards' pictures asked for a few at a time.
@Suite("The poster grid")
struct PosterGridTests {
    static func gridState(size: Size = Size(rows: 40, columns: 120), pages: Int = 1) -> AppState {
        var state = AppFixtures.state(size: size, pages: pages)
        AppFixtures.send([.character("v")], to: &state)
        return state
    }

    /// Titles with files on this machine, for the cards' pictures.
    static func filmsWithFiles(_ count: Int) -> [Title] {
        (0..<count).map { index in
            Title(id: "f\(index)", title: "Film \(index)", year: 2000, genre: "Drama", duration: 6000, introStart: 0, introEnd: 0,
                  creditsStart: 5900, media: TitleMedia(video: "/films/Film \(index).mkv", subtitles: nil))
        }
    }

    @Test("v lays the list out as cards: 8 a row and 3 rows at 120x40, posters 12x9 cells; v again gives rows back")
    func toggles() throws {
        var state = Self.gridState()
        let grid = try #require(state.gridLayout)
        #expect(grid.kind == .poster)
        #expect((grid.columns, grid.rows, grid.pictureColumns, grid.pictureRows) == (8, 3, 12, 9))
        #expect(state.list.columns == 8 && state.list.viewportRows == 3)
        #expect(state.brokenInvariants.isEmpty)
        AppFixtures.send([.character("v")], to: &state)
        #expect(state.gridLayout == nil)
        #expect(state.list.columns == 1 && state.list.viewportRows == Layout.listRows(for: state.size))
    }

    @Test("↓ moves a row of cards, → and l one card, ← and h back one, PgDn a screen; the top row follows by whole rows")
    func moves() {
        var state = Self.gridState(pages: 2)
        AppFixtures.send([.down], to: &state)
        #expect(state.list.selection == 8)
        AppFixtures.send([.right, .character("l")], to: &state)
        #expect(state.list.selection == 10)
        AppFixtures.send([.left], to: &state)
        #expect(state.list.selection == 9)
        AppFixtures.send([.character("h")], to: &state)
        #expect(state.list.selection == 8, "h moves in the grid, not back")
        AppFixtures.send([.pageDown], to: &state)
        #expect(state.list.selection == 32)
        #expect(state.list.scrollOffset % 8 == 0)
        #expect(state.list.visibleRange.contains(32))
        #expect(state.brokenInvariants.isEmpty)
        // Back to rows: ← goes back out again.
        AppFixtures.send([.character("v")], to: &state)
        #expect(state.list.selection == 32)
        #expect(KeyMap.event(for: Key.left, in: state) != AppEvent.list(.selectionMoved(.left)), "on rows ← is back (nothing to go back to here)")
    }

    @Test("Home and a season's episodes show thumbnails (16:9), films and shows posters (2:3)")
    func shapes() throws {
        var state = Self.gridState()
        AppReducer.reduce(&state, .list(.scopeChosen(.home)))
        let home = try #require(state.gridLayout)
        #expect(home.kind == .thumbnail)
        #expect(home.pictureColumns > home.pictureRows * 3)
        #expect(state.list.columns == home.columns)
        AppReducer.reduce(&state, .list(.scopeChosen(.films)))
        #expect(state.gridLayout?.kind == .poster)
        #expect(state.brokenInvariants.isEmpty)
    }

    @Test("the grid at 80x24: the cards on screen, initials where there is no picture, the selection framed")
    func drawn() {
        var state = Self.gridState(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.right], to: &state)
        let screen = AppFixtures.render(state)
        expectSnapshot(screen, named: "poster-grid-80x24")
        #expect(screen.text.contains("╭"), "the selected card's frame")
    }

    @Test("a click on a card selects it, a second click plays it; the wheel moves a row of cards")
    func mouse() throws {
        var state = Self.gridState()
        let grid = try #require(state.gridLayout)
        let body = Layout.listBody(for: state.size)
        let card = grid.card(column: 2, row: 1, in: body)
        let click = MouseEvent(action: .press(.left), position: Position(row: card.row + 2, column: card.column + 3))
        #expect(MouseMap.event(for: click, in: state) == .list(.selectionMoved(.to(10))))
        AppReducer.reduce(&state, .list(.selectionMoved(.to(10))))
        var double = click
        double.clickCount = 2
        #expect(MouseMap.event(for: double, in: state) == .playerOpened)
        #expect(MouseMap.event(for: MouseEvent(action: .wheelDown, position: Position(row: 5, column: 5)), in: state)
            == .list(.selectionMoved(.by(8))))
    }

    @Test("the cards' pictures are asked a few at a time, the selected card's first; each answer ends its asking")
    func asks() {
        var state = AppState(list: ListState(pageSize: 50), size: Size(rows: 40, columns: 120))
        state.hasArt = true
        AppReducer.reduce(&state, .resized(state.size))
        AppFixtures.loadNextPage(&state, from: Self.filmsWithFiles(30))
        #expect(state.cardArtRequests.isEmpty, "no grid, no cards")
        AppFixtures.send([.character("v"), .right, .right], to: &state)
        var asked = state.cardArtRequests
        #expect(asked.count == AppState.cardArtAtOnce)
        #expect(asked.contains { $0.titleID == "f2" }, "the selected card's")
        #expect(asked.allSatisfy { $0.kind == .poster && $0.width == 150 && $0.height == 225 })
        let image = ArtImage(width: 150, height: 225, rgba: [UInt8](repeating: 9, count: 150 * 225 * 4))
        for request in asked { AppReducer.reduce(&state, .cardArtLoaded(request, image: image)) }
        #expect(state.cardArtRequests.isDisjoint(with: asked))
        // Until every card on screen has its picture (or none).
        var rounds = 0
        while !state.cardArtRequests.isEmpty, rounds < 100 {
            asked = state.cardArtRequests
            for request in asked { AppReducer.reduce(&state, .cardArtLoaded(request, image: nil)) }
            rounds += 1
        }
        #expect(state.cardArtRequests.isEmpty)
        #expect(state.cardArt.count == 24, "a screen of cards: 8 x 3")
        #expect(state.brokenInvariants.isEmpty)
        // Pictures never go to the journal.
        #expect(AppSession.durable(.cardArtLoaded(asked.first!, image: image)) == nil)
    }

    @Test("the shelf keeps its pictures within 16 MiB, the least recently stored going first")
    func shelfBudget() {
        var shelf = ArtShelf()
        let size = 150 * 225 * 4
        let count = ArtShelf.budget / size + 20
        for index in 0..<count {
            shelf.store(ArtImage(width: 150, height: 225, rgba: [UInt8](repeating: 1, count: size)), for: "t\(index)", kind: .poster)
            #expect(shelf.holdsItsCount)
        }
        #expect(shelf.bytes <= ArtShelf.budget)
        #expect(!shelf.has("t0", kind: .poster), "the first stored went first")
        #expect(shelf.has("t\(count - 1)", kind: .poster))
        #expect(shelf.count == ArtShelf.budget / size)
    }

    @Test("drawn with pictures: each card's picture in its own cells, under the frame, none past the screen")
    func drawsPictures() throws {
        var state = AppState(list: ListState(pageSize: 50), size: Size(rows: 40, columns: 120))
        state.hasArt = true
        AppReducer.reduce(&state, .resized(state.size))
        AppFixtures.loadNextPage(&state, from: Self.filmsWithFiles(30))
        AppFixtures.send([.character("v")], to: &state)
        let image = ArtImage(width: 150, height: 225, rgba: [UInt8](repeating: 9, count: 150 * 225 * 4))
        for title in state.list.titles(in: 0..<30) {
            AppReducer.reduce(&state, .cardArtLoaded(try #require(ArtRequest.card(for: title, kind: .poster)), image: image))
        }
        let rects = Mutex<[Rect]>([])
        var preferences = AppPreferences.standard
        preferences.art = ArtDrawing { _, rect, _ in rects.withLock { $0.append(rect) } }
        _ = AppFixtures.render(state, preferences: preferences)
        let drawn = rects.withLock { $0 }
        #expect(drawn.count == 24)
        #expect(drawn.allSatisfy { $0.rows == 9 && $0.columns == 12 && $0.row + $0.rows <= 39 && $0.column + $0.columns <= 120 })
        #expect(Set(drawn.map { "\($0.row),\($0.column)" }).count == 24, "each in its own place")
    }
}
