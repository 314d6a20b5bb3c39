import Browser
import Catalog
import SpindleUI
import Terminal
import TextFormat
import Testing
@testable import AppCore

@Suite("The library's scan in the header, and R")
struct ScanStatusTests {
    let size = Size(rows: 24, columns: 100)

    @Test("the header shows the scan's progress beside what is loaded")
    func progressInHeader() {
        var state = AppFixtures.state(size: size)
        AppReducer.reduce(&state, .scanProgressed(ScanStatus(done: 1_204, total: 3_310)))
        let header = AppFixtures.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)[0]
        #expect(header.contains("scanning 1,204 / 3,310  ·  50 loaded, more…"))
    }

    @Test("a finished scan leaves the header, unless files could not be read")
    func finishedScan() {
        var state = AppFixtures.state(size: size)
        AppReducer.reduce(&state, .scanProgressed(ScanStatus(done: 10, total: 10, isFinished: true)))
        #expect(!AppFixtures.render(state).text.contains("scan"))
        AppReducer.reduce(&state, .scanProgressed(ScanStatus(done: 10, total: 10, failed: 2, isFinished: true)))
        #expect(AppFixtures.render(state).text.contains("2 files could not be read"))
    }

    @Test("while the scan runs and nothing is listed yet, the list says it is scanning, not that the catalog is empty")
    func scanningBeforeTheFirstTitles() {
        var state = AppFixtures.state(size: size, pages: 0)
        AppFixtures.loadNextPage(&state, from: [])
        AppReducer.reduce(&state, .scanProgressed(ScanStatus()))
        let scanning = AppFixtures.render(state).text
        #expect(scanning.contains("Scanning the library's folders"), "\(scanning)")
        #expect(!scanning.contains("The catalog is empty"), "\(scanning)")
        AppReducer.reduce(&state, .scanProgressed(ScanStatus(isFinished: true)))
        #expect(AppFixtures.render(state).text.contains("The catalog is empty"))
    }

    @Test("R scans again once the scan is finished, and only in a library")
    func rescanKey() {
        var state = AppFixtures.state(size: size)
        AppFixtures.send([.character("R")], to: &state)
        #expect(state.scanGeneration == 0, "the embedded catalog has no folders to scan")
        AppReducer.reduce(&state, .scanProgressed(ScanStatus(done: 1, total: 5)))
        AppFixtures.send([.character("R")], to: &state)
        #expect(state.scanGeneration == 0, "one scan at a time")
        AppReducer.reduce(&state, .scanProgressed(ScanStatus(done: 5, total: 5, isFinished: true)))
        AppFixtures.send([.character("R")], to: &state)
        #expect(state.scanGeneration == 1)
    }

    @Test("the scan's progress is not kept in the session's journal")
    func notJournaled() {
        #expect(AppSession.durable(.scanProgressed(ScanStatus())) == nil)
        #expect(AppSession.durable(.rescanRequested) == nil)
        #expect(AppSession.durable(.list(.catalogChanged)) == .list(.catalogChanged))
    }

    @Test("counts are grouped by thousands")
    func grouping() {
        #expect(CountText.grouped(0) == "0")
        #expect(CountText.grouped(999) == "999")
        #expect(CountText.grouped(1_000) == "1,000")
        #expect(CountText.grouped(1_234_567) == "1,234,567")
        #expect(CountText.grouped(-45_000) == "-45,000")
    }
}
