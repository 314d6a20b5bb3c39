import Browser
import Catalog
import Player
import Terminal
import Testing
@testable import AppCore

/// The details pane (`i`): what a user looks for, from what the title and the engine hold.
@Suite("The details pane")
struct DetailPaneTests {
    static let title = Title(id: "m1", title: "Night Harbor", year: 2019, genre: "Drama", duration: 3600, introStart: 0,
                             introEnd: 0, creditsStart: 3600,
                             media: TitleMedia(video: "/srv/films/Night Harbor.mkv", subtitles: "/srv/films/Night Harbor.srt"))

    /// The app on `title`, its details open.
    static func detailState(_ title: Title = title, size: Size = Size(rows: 24, columns: 80)) -> AppState {
        var state = AppState(list: ListState(pageSize: 50), size: size)
        AppReducer.reduce(&state, .resized(size))
        AppFixtures.loadNextPage(&state, from: [title])
        AppFixtures.send([.character("i")], to: &state)
        return state
    }

    @Test("the watched state: not watched, ◐ where the user left it, ✓ watched")
    func watchedState() {
        var state = Self.detailState()
        #expect(AppFixtures.render(state).text.contains("Watched    not watched"))
        state.positions["m1"] = 21 * 60 + 52
        #expect(AppFixtures.render(state).text.contains("Watched    ◐ at 21:52"))
        AppFixtures.send([.character("w")], to: &state)
        #expect(AppFixtures.render(state).text.contains("Watched    ✓ watched"))
    }

    @Test("the file's path; before the title played, no size, resolution or tracks, and the subtitles' file")
    func beforePlaying() {
        let text = AppFixtures.render(Self.detailState()).text
        #expect(text.contains("File       /srv/films/Night Harbor.mkv"))
        #expect(text.contains("Subtitles  /srv/films/Night Harbor.srt"))
        #expect(!text.contains("Size"))
        #expect(!text.contains("Resolution"))
        #expect(!text.contains("Audio"))
    }

    @Test("once the title played, what the engine told: size, resolution, audio and subtitle tracks")
    func afterPlaying() {
        var state = Self.detailState()
        AppFixtures.send([.escape, .enter], to: &state)
        #expect(state.player != nil)
        let info = MediaInfo(duration: 3600, tracks: [
            MediaTrack(id: 1, kind: .audio, language: "eng", title: "English", codec: "aac", isSelected: true),
            MediaTrack(id: 2, kind: .audio, language: "fra", codec: "ac3"),
            MediaTrack(id: 1, kind: .subtitles, language: "deu", title: "Deutsch", codec: "subrip"),
        ], pictureSize: PictureSize(width: 1920, height: 1080), fileSize: 1_234_000_000)
        AppReducer.reduce(&state, .player(.mediaLoaded(info)))
        AppFixtures.send([.escape, .character("i")], to: &state)
        let text = AppFixtures.render(state).text
        #expect(text.contains("Size        1.2 GB"), "\(text)")
        #expect(text.contains("Resolution  1920×1080"))
        #expect(text.contains("Audio       English (eng, aac) · fra, ac3"))
        #expect(text.contains("Subtitles   Deutsch (deu, subrip)"))
    }

    @Test("in a small area it draws nothing past it, and data text draws no escape sequence")
    func staysInItsArea() {
        var hostile = Self.title
        hostile.genre = "Drama\u{1B}[2J\u{1B}]0;owned\u{7}"
        hostile.media?.video = "/srv/\u{1B}[31mred\n" + String(repeating: "長い", count: 40)
        let state = Self.detailState(hostile)
        let screen = HeadlessScreen(size: Size(rows: 16, columns: 50))
        let area = Rect(row: 3, column: 5, rows: 8, columns: 30)
        screen.frame { canvas in
            DetailView.render(hostile, watched: "not watched", bindings: [], in: area, theme: .standard, on: canvas)
        }
        for row in 0 ..< 16 {
            for column in 0 ..< 50 where !(area.row ..< area.row + area.rows).contains(row)
                || !(area.column ..< area.column + area.columns).contains(column) {
                #expect(screen.cell(row: row, column: column) == .blank, "drawn at \(row), \(column)")
            }
        }
        #expect(!screen.text.contains("\u{1B}"))
        #expect(!screen.text.contains("\u{7}"))
        #expect(state.list.detail != nil)
    }
}
