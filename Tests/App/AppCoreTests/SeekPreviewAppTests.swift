import Browser
import Catalog
import Player
import Synchronization
import Terminal
import TerminalTesting
import Testing
@testable import AppCore

/// The seek preview in the app: the frame asked of the library for the seek's target, the
/// answers kept or dropped, and the box over the progress bar.
@Suite("The seek preview in the app")
struct SeekPreviewAppTests {
    static let frame = ArtImage(width: 16, height: 9, rgba: [UInt8](repeating: 120, count: 16 * 9 * 4))
    static let other = ArtImage(width: 16, height: 9, rgba: [UInt8](repeating: 30, count: 16 * 9 * 4))

    /// `DetailPaneTests.title` (a file of this machine, an hour long) playing from 10 min, its
    /// media loaded.
    static func playing(size: Size = Size(rows: 24, columns: 80), hasArt: Bool = true) -> AppState {
        var state = DetailPaneTests.detailState(size: size)
        state.hasArt = hasArt
        AppFixtures.send([.enter], to: &state)
        send(.player(.mediaLoaded(MediaInfo(duration: 3600))), to: &state)
        send(.player(.jumpRequested(to: 600)), .player(.seekFinished(at: 600)), .player(.seekPreviewTimedOut(seekKey: 1)), to: &state)
        return state
    }

    /// Reduces each event, checking the app's invariants after each.
    static func send(_ events: AppEvent..., to state: inout AppState, sourceLocation: SourceLocation = #_sourceLocation) {
        for event in events {
            AppReducer.reduce(&state, event)
            #expect(state.brokenInvariants.isEmpty, "after \(event): \(state.brokenInvariants)", sourceLocation: sourceLocation)
        }
    }

    /// Where a drawing was asked to draw, and what.
    final class Drawn: Sendable {
        let calls = Mutex<[(image: ArtImage, rect: Rect)]>([])
        var drawing: ArtDrawing {
            ArtDrawing { [self] image, rect, _ in calls.withLock { $0.append((image, rect)) } }
        }
        var rects: [Rect] { calls.withLock { $0.map(\.rect) } }
        var images: [ArtImage] { calls.withLock { $0.map(\.image) } }
    }

    @Test("playing a file of this machine asks for its sheets; a seek asks for the frame of its target")
    func asksForTheTargetsFrame() throws {
        var state = Self.playing()
        #expect(state.previewSheetsRequest == PreviewSheetsRequest(titleID: "m1", path: "/srv/films/Night Harbor.mkv", duration: 3600))
        #expect(state.seekPreviewRequest == nil, "no seek: no preview")
        Self.send(.player(.seekRequested(by: 10)), .player(.seekRequested(by: 10)), to: &state)
        #expect(state.player?.seekPreview?.target == 620)
        #expect(state.seekPreviewRequest == SeekPreviewRequest(titleID: "m1", path: "/srv/films/Night Harbor.mkv", frame: 62))
        Self.send(.seekPreviewLoaded(titleID: "m1", frame: 62, image: Self.frame), to: &state)
        #expect(state.seekPreviewRequest == nil, "answered")
        #expect(state.seekPreviewImage === Self.frame)
        // Another 10 s: another frame; the last one shows until it comes.
        Self.send(.player(.seekRequested(by: 10)), to: &state)
        #expect(state.seekPreviewRequest?.frame == 63)
        #expect(state.seekPreviewImage === Self.frame)
        // None is an answer too: the box goes, the time stays.
        Self.send(.seekPreviewLoaded(titleID: "m1", frame: 63, image: nil), to: &state)
        #expect(state.seekPreviewRequest == nil && state.seekPreviewImage == nil)
    }

    @Test("a late answer for another frame, or another title, is dropped")
    func dropsStaleAnswers() {
        var state = Self.playing()
        Self.send(.player(.seekRequested(by: 10)), to: &state)
        Self.send(.seekPreviewLoaded(titleID: "m1", frame: 60, image: Self.other), to: &state)
        #expect(state.seekPreviewArt == nil, "the frame of 600 s, no longer wanted")
        Self.send(.seekPreviewLoaded(titleID: "m2", frame: 61, image: Self.other), to: &state)
        #expect(state.seekPreviewArt == nil)
        Self.send(.seekPreviewLoaded(titleID: "m1", frame: 61, image: Self.frame), to: &state)
        #expect(state.seekPreviewArt == SeekPreviewArt(titleID: "m1", frame: 61, image: Self.frame))
        // Once the preview is gone, nothing is wanted: an answer then is dropped too.
        Self.send(.player(.seekFinished(at: 610)), .player(.seekPreviewTimedOut(seekKey: 2)), to: &state)
        #expect(state.seekPreviewRequest == nil && state.seekPreviewImage == nil)
        Self.send(.seekPreviewLoaded(titleID: "m1", frame: 62, image: Self.other), to: &state)
        #expect(state.seekPreviewArt?.frame == 61)
        // Closing the player lets the picture go.
        Self.send(.player(.backRequested), to: &state)
        #expect(state.seekPreviewArt == nil && state.previewSheetsRequest == nil)
    }

    @Test("nothing is asked without pictures or for the embedded catalog's titles; a server's title is asked by its URL")
    func asksOnlyForFilesHere() {
        var off = Self.playing(hasArt: false)
        Self.send(.player(.seekRequested(by: 10)), to: &off)
        #expect(off.previewSheetsRequest == nil && off.seekPreviewRequest == nil)
        Self.send(.seekPreviewLoaded(titleID: "m1", frame: 61, image: Self.frame), to: &off)
        #expect(off.seekPreviewArt == nil)

        var title = DetailPaneTests.title
        title.media = TitleMedia(video: "http://nas:8700/v1/titles/m1/media", subtitles: nil)
        var served = DetailPaneTests.detailState(title)
        served.hasArt = true
        AppFixtures.send([.enter], to: &served)
        Self.send(.player(.mediaLoaded(MediaInfo(duration: 3600))), .player(.seekRequested(by: 10)), to: &served)
        #expect(served.previewSheetsRequest == PreviewSheetsRequest(titleID: title.id, path: "http://nas:8700/v1/titles/m1/media",
                                                                    duration: 3600))
        #expect(served.seekPreviewRequest?.path == "http://nas:8700/v1/titles/m1/media")

        var embedded = AppFixtures.state(size: Size(rows: 24, columns: 80))
        embedded.hasArt = true
        AppFixtures.send([.enter, .right], to: &embedded)
        #expect(embedded.player?.seekPreview != nil)
        #expect(embedded.previewSheetsRequest == nil && embedded.seekPreviewRequest == nil)
    }

    @Test("the preview's events are never journaled")
    func notJournaled() {
        #expect(AppSession.durable(.seekPreviewLoaded(titleID: "m1", frame: 3, image: Self.frame)) == nil)
        #expect(AppSession.durable(.player(.seekPreviewTimedOut(seekKey: 3))) == nil)
        #expect(AppSession.durable(.player(.seekRequested(by: 10))) != nil)
    }

    @Test("the frame is drawn 20x6 over the time, over the bar at the target's column")
    func drawnOverTheBar() throws {
        let drawn = Drawn()
        var state = Self.playing()
        Self.send(.player(.jumpRequested(to: 900)), .seekPreviewLoaded(titleID: "m1", frame: 90, image: Self.frame), to: &state)
        let screen = AppFixtures.render(state, preferences: AppPreferences(art: drawn.drawing))
        let rect = try #require(drawn.rects.last)
        #expect(drawn.images.last === Self.frame)
        // The bar is row 21, columns 1 … 78; 900 s of 3600 is its cell 19, column 20.
        #expect(rect == Rect(row: 14, column: 10, rows: 6, columns: 20))
        #expect(screen.rowText(20).contains(" 15:00"))
        expectSnapshot(screen, named: "player-seek-preview-80x24")
    }

    @Test("at the ends of the bar the box stays on the screen")
    func clampedToTheScreen() throws {
        let drawn = Drawn()
        var state = Self.playing()
        Self.send(.player(.jumpRequested(to: 3600)), .seekPreviewLoaded(titleID: "m1", frame: 359, image: Self.frame), to: &state)
        _ = AppFixtures.render(state, preferences: AppPreferences(art: drawn.drawing))
        #expect(drawn.rects.last == Rect(row: 14, column: 60, rows: 6, columns: 20))
        Self.send(.player(.jumpRequested(to: 0)), .seekPreviewLoaded(titleID: "m1", frame: 0, image: Self.frame), to: &state)
        _ = AppFixtures.render(state, preferences: AppPreferences(art: drawn.drawing))
        #expect(drawn.rects.last == Rect(row: 14, column: 0, rows: 6, columns: 20))
    }

    @Test("without pictures only the time shows over the bar")
    func timeOnlyWithoutPictures() {
        var state = Self.playing(hasArt: false)
        Self.send(.player(.jumpRequested(to: 900)), to: &state)
        let screen = AppFixtures.render(state)
        #expect(screen.rowText(20).contains(" 15:00"))
        expectSnapshot(screen, named: "player-seek-preview-time-only-80x24")
    }

    @Test("smaller screens: a smaller box where rows are few, the time alone at the smallest")
    func smallScreens() throws {
        for (size, expected) in [
            (Size(rows: 12, columns: 40), Rect(row: 2, column: 0, rows: 6, columns: 20)),
            (Size(rows: 8, columns: 30), Rect(row: 1, column: 3, rows: 3, columns: 10)),
        ] {
            let drawn = Drawn()
            var state = Self.playing(size: size)
            Self.send(.player(.jumpRequested(to: 900)), .seekPreviewLoaded(titleID: "m1", frame: 90, image: Self.frame), to: &state)
            _ = AppFixtures.render(state, preferences: AppPreferences(art: drawn.drawing))
            let rect = try #require(drawn.rects.last, "at \(size)")
            #expect(rect == expected, "at \(size)")
            #expect(rect.row >= 1 && rect.column >= 0 && rect.column + rect.columns <= size.columns && rect.row + rect.rows <= size.rows - 4)
        }
        let drawn = Drawn()
        var smallest = Self.playing(size: Layout.minimum)
        Self.send(.player(.jumpRequested(to: 900)), .seekPreviewLoaded(titleID: "m1", frame: 90, image: Self.frame), to: &smallest)
        let screen = AppFixtures.render(smallest, preferences: AppPreferences(art: drawn.drawing))
        #expect(drawn.rects.isEmpty, "no room for a picture")
        #expect(screen.rowText(2).contains("15:00"))
        expectSnapshot(screen, named: "player-seek-preview-24x6")
    }
}
