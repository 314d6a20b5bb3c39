import Testing
@testable import Terminal

@Suite("Areas of a canvas")
struct SubCanvasTests {
    let screen = HeadlessScreen(size: Size(rows: 4, columns: 12))

    @Test("an area has its own size and draws translated")
    func translated() {
        let area = screen.area(Rect(row: 1, column: 2, rows: 2, columns: 5))
        #expect(area.size == Size(rows: 2, columns: 5))
        area.put("ab", row: 1, column: 1)
        #expect(screen.rowText(2) == "   ab")
    }

    @Test("text is cut at the area's right edge with an ellipsis, or bare without")
    func cutAtEdge() {
        let area = screen.area(Rect(row: 0, column: 2, rows: 2, columns: 5))
        #expect(area.put("abcdefgh", row: 0, column: 0) == 5)
        area.put("abcdefgh", row: 1, column: 0, style: .plain, width: nil, ellipsis: false)
        #expect(screen.rowText(0) == "  abcd…")
        #expect(screen.rowText(1) == "  abcde")
    }

    @Test("a wide character that would cross the area's edge is not drawn")
    func wideAtEdge() {
        let area = screen.area(Rect(row: 0, column: 1, rows: 1, columns: 5))
        area.put("日本語", row: 0, column: 0, style: .plain, width: nil, ellipsis: false)
        #expect(screen.rowText(0) == " 日本")
        #expect(screen.cell(row: 0, column: 5).text == " ")
    }

    @Test("rows outside the area and text starting left of it are clipped")
    func clipped() {
        let area = screen.area(Rect(row: 1, column: 3, rows: 1, columns: 4))
        #expect(area.put("x", row: -1, column: 0) == 0)
        #expect(area.put("x", row: 1, column: 0) == 0)
        area.put("abcdef", row: 0, column: -2, style: .plain, width: nil, ellipsis: false)
        #expect(screen.text == "\n   cdef\n\n")
    }

    @Test("fills are clipped to the area")
    func fills() {
        let area = screen.area(Rect(row: 1, column: 1, rows: 2, columns: 3))
        area.fill(Rect(row: -1, column: -1, rows: 10, columns: 10), with: "#", style: .plain)
        #expect(screen.text == "\n ###\n ###\n")
    }

    @Test("the cursor is moved to the area, and hidden when set outside it")
    func cursor() {
        let area = screen.area(Rect(row: 1, column: 2, rows: 2, columns: 5))
        area.cursor = Position(row: 1, column: 3)
        #expect(screen.cursor == Position(row: 2, column: 5))
        #expect(area.cursor == Position(row: 1, column: 3))
        area.cursor = Position(row: 0, column: 9)
        #expect(screen.cursor == nil)
    }

    @Test("an area of an area draws on the screen, clipped to both")
    func nested() {
        let outer = screen.area(Rect(row: 1, column: 1, rows: 3, columns: 6))
        let inner = outer.area(Rect(row: 1, column: 2, rows: 5, columns: 10))
        #expect(inner.size == Size(rows: 2, columns: 4))
        #expect(inner.base === screen)
        inner.put("hello world", row: 0, column: 0, style: .plain, width: nil, ellipsis: false)
        #expect(screen.rowText(2) == "   hell")
    }

    @Test("a 1x1 area holds one narrow character and no wide one")
    func oneByOne() {
        let area = screen.area(Rect(row: 0, column: 0, rows: 1, columns: 1))
        #expect(area.put("日", row: 0, column: 0, style: .plain, width: nil, ellipsis: false) == 0)
        #expect(area.put("ab", row: 0, column: 0) == 1)
        #expect(screen.rowText(0) == "…")
    }

    @Test("splitting a rectangle clamps to what there is")
    func splits() {
        let whole = Rect(size: Size(rows: 10, columns: 20))
        let (header, body) = whole.splitTop(rows: 1)
        #expect(header == Rect(row: 0, column: 0, rows: 1, columns: 20))
        #expect(body == Rect(row: 1, column: 0, rows: 9, columns: 20))
        let (list, footer) = body.splitBottom(rows: 1)
        #expect(list.rows == 8 && footer.row == 9)
        let (rest, scrollbar) = list.splitRight(columns: 1)
        #expect(rest.columns == 19 && scrollbar.column == 19)
        #expect(whole.splitLeft(columns: 30).rest.isEmpty)
        #expect(Rect(row: 0, column: 0, rows: 1, columns: 1).splitTop(rows: 5).rest.rows == 0)
        #expect(whole.insetBy(rows: 1, columns: 2) == Rect(row: 1, column: 2, rows: 8, columns: 16))
    }
}

@Suite("Key names")
struct KeyNameTests {
    @Test("every kind of key has a readable name, Alt chords included", arguments: [
        (Key.character("q"), "q"), (.character(" "), "Space"), (.control("c"), "Ctrl+C"),
        (.alt(.character("b")), "Alt+b"), (.alt(.backspace), "Alt+Backspace"), (.alt(.alt(.up)), "Alt+Alt+Up"),
        (.enter, "Enter"), (.escape, "Esc"), (.tab, "Tab"), (.backTab, "Shift+Tab"), (.backspace, "Backspace"),
        (.delete, "Delete"), (.insert, "Insert"), (.up, "Up"), (.down, "Down"), (.left, "Left"), (.right, "Right"),
        (.shiftUp, "Shift+Up"), (.shiftDown, "Shift+Down"), (.shiftLeft, "Shift+Left"), (.shiftRight, "Shift+Right"),
        (.home, "Home"), (.end, "End"), (.pageUp, "PageUp"), (.pageDown, "PageDown"), (.function(5), "F5"),
        (.unknown(code: 999, name: nil), "Unknown code (999)"),
    ])
    func names(key: Key, name: String) {
        #expect(key.name == name)
    }
}
