import Catalog
import Foundation
import Downloads
import Terminal
import Testing
@testable import AppCore

/// A title cut to make room for its row's download mark ends with "…", by display column.
@Suite("The download mark and the title it cuts")
struct DownloadMarkRowTests {
    static func screen(titled name: String, columns: Int = 80) -> (row: String, screen: HeadlessScreen) {
        let title = Title(id: "long", title: name, year: 2001, genre: "Drama", duration: 600, introStart: 0, introEnd: 0,
                          creditsStart: 600)
        let size = Size(rows: 10, columns: columns)
        var state = AppState(list: .init(pageSize: 50), size: size)
        AppReducer.reduce(&state, .resized(size))
        AppFixtures.loadNextPage(&state, from: [title])
        state.downloads.apply(.changed(DownloadSummary(title: title, status: .finished(localVideo: "/d/x.mkv", localSubtitles: nil))))
        let screen = AppFixtures.render(state)
        let row = screen.text.split(separator: "\n").first { $0.contains("✓ offline") }.map(String.init) ?? ""
        return (row, screen)
    }

    @Test("a long title ends with “…” right before the mark")
    func asciiTitle() {
        let (row, _) = Self.screen(titled: String(repeating: "Long title ", count: 10))
        #expect(row.contains("… ✓ offline"), "\(row)")
    }

    @Test("a title of wide characters is cut between two of them, and still ends with “…”")
    func wideTitle() throws {
        let (row, _) = Self.screen(titled: String(repeating: "長い題名", count: 12))
        let mark = try #require(row.range(of: "✓ offline"))
        let before = row[..<mark.lowerBound].trimmingCharacters(in: .whitespaces)
        #expect(before.hasSuffix("…"), "\(row)")
        #expect(before.contains("長い題名"))
    }

    @Test("a title that fits is not cut", arguments: [80, 120])
    func shortTitle(columns: Int) {
        let (row, _) = Self.screen(titled: "Short", columns: columns)
        #expect(row.contains("Short"))
        #expect(!row.contains("…"), "\(row)")
    }
}
