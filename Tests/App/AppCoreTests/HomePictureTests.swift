import Browser
import Catalog
import Synchronization
import Terminal
import Testing
@testable import AppCore

/// Home as rows, with pictures: the selected row's thumbnail at the right of the rows, its title
/// and its part of Home under it.
@Suite("Home's thumbnail beside the rows")
struct HomePictureTests {
    /// Home at `size`, pictures on, a page of titles with files, each in a part of Home.
    static func home(size: Size = Size(rows: 40, columns: 120)) -> AppState {
        var state = AppState(list: ListState(pageSize: 50), size: size)
        state.hasArt = true
        AppReducer.reduce(&state, .resized(size))
        AppReducer.reduce(&state, .list(.scopeChosen(.home)))
        let titles = PosterGridTests.filmsWithFiles(12).enumerated().map { index, title in
            var title = title
            title.genre = index < 4 ? "◐ continue" : "new"
            return title
        }
        AppFixtures.loadNextPage(&state, from: titles)
        return state
    }

    @Test("the selected row's thumbnail and its neighbours' are asked for; answered, none is asked again")
    func asks() {
        var state = Self.home()
        #expect(state.homePicture == Rect(row: 2, column: 87, rows: 9, columns: 32))
        #expect(Set(state.cardArtRequests.map(\.titleID)) == ["f0", "f1"])
        #expect(state.cardArtRequests.allSatisfy { $0.kind == .thumbnail && $0.width == 240 && $0.height == 135 })
        AppFixtures.send([.down], to: &state)
        #expect(Set(state.cardArtRequests.map(\.titleID)) == ["f0", "f1", "f2"])
        for request in state.cardArtRequests { AppReducer.reduce(&state, .cardArtLoaded(request, image: nil)) }
        #expect(state.cardArtRequests.isEmpty)
        #expect(state.brokenInvariants.isEmpty)
    }

    @Test("drawn at the right of the rows, which end before it; the title and its part of Home under it; initials without a picture")
    func drawn() throws {
        var state = Self.home()
        AppFixtures.send([.down], to: &state)
        let image = ArtImage(width: 240, height: 135, rgba: [UInt8](repeating: 7, count: 240 * 135 * 4))
        AppReducer.reduce(&state, .cardArtLoaded(try #require(ArtRequest.card(for: state.list.items[1], kind: .thumbnail)), image: image))
        let rects = Mutex<[Rect]>([])
        var preferences = AppPreferences.standard
        preferences.art = ArtDrawing { drawn, rect, _ in
            if drawn === image { rects.withLock { $0.append(rect) } }
        }
        let screen = AppFixtures.render(state, preferences: preferences)
        #expect(rects.withLock { $0 } == [Rect(row: 2, column: 87, rows: 9, columns: 32)])
        #expect(screen.rowText(11).dropFirst(87).hasPrefix("Film 1"))
        #expect(screen.rowText(12).dropFirst(87).hasPrefix("◐ continue"))
        for row in 2 ..< 13 {
            #expect(screen.rowText(row).prefix(86).count <= 86)
            #expect(!screen.rowText(row).dropFirst(85).prefix(2).contains { $0 != " " }, "a gap between the rows and the picture: \(screen.rowText(row))")
        }
        // Without a picture yet: the title's initials.
        AppFixtures.send([.down], to: &state)
        let placeholder = AppFixtures.render(state, preferences: preferences)
        #expect(placeholder.rowText(6).dropFirst(87).contains("F2"))
    }

    @Test("not on films, not as cards, not while searching, not below 100 columns, not without pictures; a click on it selects nothing")
    func whenNot() {
        var films = Self.home()
        AppReducer.reduce(&films, .list(.scopeChosen(.films)))
        #expect(films.homePicture == nil)
        var cards = Self.home()
        AppFixtures.send([.character("v")], to: &cards)
        #expect(cards.homePicture == nil && cards.gridLayout?.kind == .thumbnail)
        let narrow = Self.home(size: Size(rows: 40, columns: 99))
        #expect(narrow.homePicture == nil)
        var off = Self.home()
        off.hasArt = false
        #expect(off.homePicture == nil && off.cardArtRequests.isEmpty)
        var searching = Self.home()
        AppFixtures.send([.character("/"), .character("f")], to: &searching)
        #expect(searching.homePicture == nil)

        let state = Self.home()
        let click = MouseEvent(action: .press(.left), position: Position(row: 5, column: 100))
        #expect(MouseMap.event(for: click, in: state) == nil)
        let row = MouseEvent(action: .press(.left), position: Position(row: 5, column: 10))
        #expect(MouseMap.event(for: row, in: state) == .list(.selectionMoved(.to(3))))
    }
}
