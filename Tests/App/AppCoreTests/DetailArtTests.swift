import Browser
import Foundation
import Catalog
import Synchronization
import Terminal
import Testing
@testable import AppCore

/// The poster in the details pane: asked of the library once per title shown, drawn beside the
/// facts where there is room, and never kept with the session.
@Suite("The details pane's poster")
struct DetailArtTests {
    static let poster = ArtImage(width: 2, height: 3, rgba: [UInt8](repeating: 200, count: 2 * 3 * 4))

    /// The app on `DetailPaneTests.title`, its details open, drawing pictures.
    static func state(size: Size = Size(rows: 24, columns: 80), hasArt: Bool = true) -> AppState {
        var state = DetailPaneTests.detailState(size: size)
        state.hasArt = hasArt
        return state
    }

    /// Where a drawing was asked to draw, frame after frame.
    final class Drawn: Sendable {
        let rects = Mutex<[Rect]>([])
        var drawing: ArtDrawing {
            ArtDrawing { [self] image, rect, _ in
                #expect(image === DetailArtTests.poster)
                rects.withLock { $0.append(rect) }
            }
        }
        var all: [Rect] { rects.withLock { $0 } }
    }

    @Test("the open details ask for their title's picture once; the answer for it ends the asking")
    func asksOnce() {
        var state = Self.state()
        #expect(state.artRequest == ArtRequest(titleID: "m1", path: "/srv/films/Night Harbor.mkv", duration: 3600))
        AppReducer.reduce(&state, .artLoaded(titleID: "m1", image: Self.poster))
        #expect(state.artRequest == nil)
        #expect(state.detailArt == DetailArt(titleID: "m1", image: Self.poster))
        // None found is an answer too: not asked again.
        var none = Self.state()
        AppReducer.reduce(&none, .artLoaded(titleID: "m1", image: nil))
        #expect(none.artRequest == nil)
    }

    @Test("nothing is asked without pictures or in the player; a server's title is asked of the server")
    func asksOnlyWhenItCanDraw() {
        #expect(Self.state(hasArt: false).artRequest == nil)
        var served = AppState(list: ListState(pageSize: 50), size: Size(rows: 24, columns: 80))
        served.hasArt = true
        var title = DetailPaneTests.title
        title.media = TitleMedia(video: "http://nas:8700/v1/titles/m1/media", subtitles: nil)
        AppFixtures.loadNextPage(&served, from: [title])
        AppFixtures.send([.character("i")], to: &served)
        #expect(served.list.detail != nil)
        #expect(served.artRequest?.path == "http://nas:8700/v1/titles/m1/media", "a server's title: the server makes its picture")
        var list = Self.state()
        AppFixtures.send([.escape], to: &list)
        #expect(list.artRequest == nil, "the details are closed")
    }

    @Test("a late answer for a title no longer shown is dropped")
    func dropsStaleAnswers() {
        var state = Self.state()
        AppFixtures.send([.escape], to: &state)
        AppReducer.reduce(&state, .artLoaded(titleID: "m1", image: Self.poster))
        #expect(state.detailArt == nil)
        AppReducer.reduce(&state, .artLoaded(titleID: "other", image: Self.poster))
        #expect(state.detailArt == nil)
    }

    @Test("the poster is drawn at the right of the facts at 80 columns, a 2:3 picture's rows; not at 50")
    func drawnBesideTheFacts() throws {
        let drawn = Drawn()
        var state = Self.state()
        AppReducer.reduce(&state, .artLoaded(titleID: "m1", image: Self.poster))
        let screen = AppFixtures.render(state, preferences: AppPreferences(art: drawn.drawing))
        let rect = try #require(drawn.all.last)
        // A third of the 76 columns inside, after the facts and a gap of 2; 25 columns make 19 rows.
        #expect(rect == Rect(row: 2, column: 53, rows: 19, columns: 25))
        // The facts keep to their side: the path wraps left of the poster.
        let body = screen.text.split(separator: "\n", omittingEmptySubsequences: false)[2 ..< 22]
        #expect(body.allSatisfy { line in line.dropFirst(51).allSatisfy { $0 == " " } }, "\(screen.text)")
        #expect(body.contains { $0.contains("Night Harbor.mkv") })

        let narrow = Drawn()
        var small = Self.state(size: Size(rows: 24, columns: 50))
        AppReducer.reduce(&small, .artLoaded(titleID: "m1", image: Self.poster))
        _ = AppFixtures.render(small, preferences: AppPreferences(art: narrow.drawing))
        #expect(narrow.all.isEmpty)
    }

    @Test("while its own poster is made, the pane shows the title's card poster, kept from the grid or the scan; its own replaces it")
    func cardPosterStandsIn() throws {
        let drawn = Drawn()
        var state = Self.state()
        #expect(state.artRequest != nil)
        let card = try #require(ArtRequest.card(for: DetailPaneTests.title, kind: .poster))
        AppReducer.reduce(&state, .cardArtLoaded(card, image: Self.poster))
        #expect(state.artRequest != nil, "its own is still asked for")
        _ = AppFixtures.render(state, preferences: AppPreferences(art: drawn.drawing))
        #expect(drawn.all.count == 1, "the card's poster, at once")
        let own = ArtImage(width: 2, height: 3, rgba: [UInt8](repeating: 50, count: 24))
        AppReducer.reduce(&state, .artLoaded(titleID: "m1", image: own))
        let shown = Mutex<[ArtImage]>([])
        _ = AppFixtures.render(state, preferences: AppPreferences(art: ArtDrawing { image, _, _ in shown.withLock { $0.append(image) } }))
        #expect(shown.withLock { $0 } == [own])
    }

    @Test("pictures are not saved with the session, nor journaled")
    func notSaved() throws {
        var state = Self.state()
        AppReducer.reduce(&state, .artLoaded(titleID: "m1", image: Self.poster))
        let data = try JSONEncoder().encode(state)
        let restored = try JSONDecoder().decode(AppState.self, from: data)
        #expect(restored.detailArt == nil && restored.hasArt == false)
        #expect(AppSession.durable(.artLoaded(titleID: "m1", image: Self.poster)) == nil)
    }
}
