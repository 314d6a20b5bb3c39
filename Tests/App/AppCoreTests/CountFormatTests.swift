import Catalog
import Downloads
import Terminal
import Testing
@testable import AppCore

/// One format for counts wherever they show: the header, the footer, the downloads screen, a
/// show's episodes, the scan's progress: digits grouped by three with a comma.
@Suite("Counts read alike everywhere")
struct CountFormatTests {
    @Test("a count is grouped by thousands; a noun follows it, singular for one")
    func grouping() {
        #expect(Formatting.count(0) == "0")
        #expect(Formatting.count(999) == "999")
        #expect(Formatting.count(5000) == "5,000")
        #expect(Formatting.count(1_234_567) == "1,234,567")
        #expect(Formatting.count(1, "title", "titles") == "1 title")
        #expect(Formatting.count(5000, "title", "titles") == "5,000 titles")
    }

    @Test("the header says 5,000 titles where the footer says 5,000")
    func headerAndFooterAgree() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80), pageSize: 5_000)
        AppFixtures.send([.end], to: &state)
        let screen = AppFixtures.render(state)
        #expect(screen.rowText(0).hasSuffix(" 5,000 titles"), "\(screen.rowText(0))")
        #expect(screen.rowText(23).hasSuffix(" 5,000 / 5,000"), "\(screen.rowText(23))")
    }

    @Test("while more may come, the header's loaded count is grouped too")
    func loadedCount() {
        let state = AppFixtures.state(size: Size(rows: 24, columns: 80), pageSize: 1_250)
        let screen = AppFixtures.render(state)
        #expect(screen.rowText(0).hasSuffix(" 1,250 loaded, more…"), "\(screen.rowText(0))")
        #expect(screen.rowText(23).hasSuffix(" 1 / 1,250+"), "\(screen.rowText(23))")
    }

    @Test("the downloads screen's counts and a show's episodes are grouped")
    func downloadsAndEpisodes() {
        let stored = (0..<1_200).map { index in
            DownloadSummary(title: .episode(index), status: .finished(localVideo: "/v\(index)", localSubtitles: nil))
        }
        #expect(DownloadsScreenView.counts(stored) == "1,200 offline")
        let show = Title(id: "show", title: "Long Runner", year: 1999, genre: "", duration: 0, introStart: 0, introEnd: 0,
                         creditsStart: 0, group: .show("Long Runner", seasons: 21, episodes: 1_100))
        #expect(Formatting.length(of: show) == "1,100 ep")
        #expect(ScanStatus(done: 1_204, total: 3_310, failed: 0, isFinished: false).summary == "scanning 1,204 / 3,310")
        #expect(ScanStatus(done: 3_310, total: 3_310, failed: 1_002, isFinished: true).summary == "1,002 files could not be read")
    }
}

private extension Title {
    static func episode(_ index: Int) -> Title {
        Title(id: "e\(index)", title: "Episode \(index)", year: 2020, genre: "", duration: 60, introStart: 0, introEnd: 0,
              creditsStart: 60)
    }
}
