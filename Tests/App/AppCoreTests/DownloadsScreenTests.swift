import Browser
import Catalog
import Downloads
import Terminal
import TerminalTesting
import Testing
@testable import AppCore

/// The downloads screen and the rows' marks, drawn from a board built by the reducer from gear
/// news (as the app gets them).
@Suite("Downloads screens (headless snapshots)")
struct DownloadsScreenTests {
    static func summary(_ index: Int, _ status: DownloadStatus, fraction: Double = 0, speed: Double? = nil,
                        eta: Duration? = nil, total: Int? = nil) -> DownloadSummary {
        let title = EmbeddedCatalog.titles[index]
        return DownloadSummary(title: title, status: status, fraction: fraction, percent: Int(fraction * 100),
                               receivedBytes: Int(Double(total ?? 0) * fraction), totalBytes: total,
                               bytesPerSecond: speed, eta: eta)
    }

    static func state(size: Size) -> AppState {
        var state = AppFixtures.state(size: size)
        let news: [DownloadSummary] = [
            summary(0, .finished(localVideo: "/home/me/.local/share/spindle/downloads/little-engine/video", localSubtitles: nil),
                    fraction: 1, total: 480_000_000),
            summary(1, .running, fraction: 0.42, speed: 7_900_000, eta: .seconds(31), total: 400_000_000),
            summary(2, .failed("the server closed the connection at 37%; try again"), fraction: 0.37, total: 542_000_000),
            summary(3, .queued),
            summary(4, .interrupted, fraction: 0.17, total: 260_000_000),
            summary(5, .cancelled, fraction: 0.05),
        ]
        for summary in news { AppReducer.reduce(&state, .download(.changed(summary))) }
        return state
    }

    @Test("the list's rows: a bar and a percentage, offline, the failure's reason, queued, interrupted, cancelled")
    func rows() {
        expectSnapshot(AppFixtures.render(Self.state(size: Size(rows: 12, columns: 100))), named: "downloads-rows-100x12")
    }

    @Test("the downloads screen at 80x24, the failed download selected: its reason under the table")
    func screen() {
        var state = Self.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("o"), .down, .down], to: &state)
        expectSnapshot(AppFixtures.render(state), named: "downloads-80x24")
    }

    @Test("Enter on a download not stored yet says so, and plays nothing")
    func enterNotStored() {
        var state = Self.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("o"), .down, .enter], to: &state)
        #expect(state.player == nil)
        #expect(AppFixtures.render(state).text.contains("Shadow of Bogotá: not stored yet; it plays from here once downloaded"))
        AppFixtures.send([.resize(Size(rows: 24, columns: 80))], to: &state)
        #expect(state.downloadNotice != nil, "a resize is not a key the user pressed")
        let selection = state.downloadsScreen?.selection
        AppFixtures.send([.down], to: &state)
        #expect(state.downloadNotice == nil, "gone with the next key")
        #expect(state.downloadsScreen?.selection != selection, "and the key did what it means")
    }

    @Test("the details show the title's download")
    func details() {
        var state = Self.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.down, .character("i")], to: &state)
        #expect(AppFixtures.render(state).text.contains(/Download +42% \(168 MB of 400 MB\)/))
        AppFixtures.send([.escape, .down, .character("i")], to: &state)
        #expect(AppFixtures.render(state).text.contains(/Download +failed: the server closed the connection at 37%; try again/))
    }

    @Test("the downloads screen when there are none says how to start one")
    func empty() {
        var state = AppFixtures.state(size: Size(rows: 10, columns: 80))
        AppFixtures.send([.character("o")], to: &state)
        #expect(AppFixtures.render(state).text.contains("No downloads yet: d on a title downloads it for offline viewing."))
    }

    @Test("data from a server cannot inject escape sequences through a failure's message")
    func hostileMessage() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 100))
        AppReducer.reduce(&state, .download(.changed(Self.summary(0, .failed("bad\u{1B}[2J\u{1B}]0;pwned\u{07}news")))))
        AppFixtures.send([.character("o")], to: &state)
        let text = AppFixtures.render(state).text
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
    }
}
