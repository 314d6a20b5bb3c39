import SpindleUI
import Testing

@Suite("List viewport")
struct ListViewportTests {
    @Test("moving down past the last row scrolls by one")
    func scrollsByOne() {
        var viewport = ListViewport(count: 100, height: 5)
        for _ in 0..<5 { viewport.moveDown() }
        #expect(viewport.selection == 5 && viewport.offset == 1)
        viewport.moveUp()
        #expect(viewport.selection == 4 && viewport.offset == 1)
    }

    @Test("paging keeps the selected row's place on screen")
    func paging() {
        var viewport = ListViewport(count: 100, height: 10, selection: 3)
        viewport.pageDown()
        #expect(viewport.selection == 13 && viewport.selectedRow == 3)
        viewport.pageUp()
        #expect(viewport.selection == 3 && viewport.selectedRow == 3)
        viewport.pageUp()
        #expect(viewport.selection == 0 && viewport.offset == 0)
    }

    @Test("home and end select the first and last items; end leaves no blank rows")
    func homeEnd() {
        var viewport = ListViewport(count: 50, height: 10)
        viewport.moveEnd()
        #expect(viewport.selection == 49 && viewport.offset == 40)
        viewport.moveHome()
        #expect(viewport.selection == 0 && viewport.offset == 0)
    }

    @Test("a new page arriving never moves the selected row on screen")
    func countGrows() {
        var viewport = ListViewport(count: 50, height: 10)
        viewport.moveEnd()
        let row = viewport.selectedRow
        viewport.count = 100
        #expect(viewport.selection == 49 && viewport.selectedRow == row)
        viewport.select(5)
        viewport.count = 200
        #expect(viewport.selection == 5 && viewport.offset == 5)
    }

    @Test("the selection stays on an item when the count shrinks and on screen when the height does")
    func shrinking() {
        var viewport = ListViewport(count: 50, height: 10, selection: 30)
        viewport.count = 20
        #expect(viewport.selection == 19 && viewport.offset == 10)
        viewport.height = 3
        #expect(viewport.visibleRange.contains(viewport.selection))
        viewport.count = 0
        #expect(viewport.selection == 0 && viewport.offset == 0 && viewport.visibleRange.isEmpty)
    }

    @Test("moves on an empty list or a zero height do not crash and keep selection 0", arguments: ListMove.allCases)
    func emptyMoves(move: ListMove) {
        var empty = ListViewport(count: 0, height: 0)
        empty.apply(move)
        #expect(empty.selection == 0 && empty.offset == 0)
        var flat = ListViewport(count: 10, height: 0)
        flat.apply(move)
        #expect((0..<10).contains(flat.selection))
    }
}
