import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Block")
struct BlockTests {
    @Test("each border style, with a title left, centred and right", arguments: [
        (Block.Border.plain, TextAlignment.leading), (.rounded, .center), (.double, .trailing), (.thick, .leading),
        (.ascii, .center), (.none, .trailing),
    ])
    func borders(border: Block.Border, alignment: TextAlignment) {
        let screen = drawn(rows: 4, columns: 14) { area, canvas in
            canvas.fill(area, with: "x", style: .plain)
            let block = Block(title: "Films", titleAlignment: alignment, border: border, styles: BlockStyles(border: .dim))
            block.render(in: area, on: canvas)
            canvas.fill(block.inner(area), with: "·", style: .plain)
        }
        expectSnapshot(screen, named: "block-\(border)-\(alignment)")
    }

    @Test("a block matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let block = Block(title: "A rather long title for the box", titleAlignment: .center, border: .rounded,
                          padding: Size(rows: 1, columns: 2))
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in
            block.render(in: area, on: canvas)
            canvas.fill(block.inner(area), with: "·", style: .plain)
        }
        expectSnapshot(screen, named: "block-\(size.name)")
    }

    @Test("inner: inside the sides drawn and the padding, empty when there is no room")
    func inner() {
        let area = Rect(row: 1, column: 2, rows: 10, columns: 20)
        #expect(Block().inner(area) == Rect(row: 2, column: 3, rows: 8, columns: 18))
        #expect(Block(padding: Size(rows: 1, columns: 2)).inner(area) == Rect(row: 3, column: 5, rows: 6, columns: 14))
        #expect(Block(sides: [.top, .left]).inner(area) == Rect(row: 2, column: 3, rows: 9, columns: 19))
        #expect(Block(border: .none).inner(area) == area)
        #expect(Block(title: "T", border: .none).inner(area) == Rect(row: 2, column: 2, rows: 9, columns: 20))
        #expect(Block().inner(Rect(row: 0, column: 0, rows: 1, columns: 1)).isEmpty)
        #expect(Block().inner(Rect(row: 0, column: 0, rows: 0, columns: 0)).isEmpty)
        #expect(Block(padding: Size(rows: 5, columns: 5)).inner(area).isEmpty)
    }

    @Test("some sides only; a 0x0 area draws nothing")
    func sides() {
        let screen = drawn(rows: 3, columns: 8) { area, canvas in
            Block(title: "Top", sides: [.top, .bottom]).render(in: area, on: canvas)
        }
        #expect(screen.text == "Top─────\n\n────────")
        let empty = drawn(rows: 2, columns: 2) { _, canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 2, columns: 2), with: "x", style: .plain)
            Block(title: "T").render(in: Rect(row: 0, column: 0, rows: 0, columns: 0), on: canvas)
        }
        #expect(empty.text == "xx\nxx")
    }
}
