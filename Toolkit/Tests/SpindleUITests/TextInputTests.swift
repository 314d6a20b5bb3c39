import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Text input")
struct TextInputTests {
    func typed(_ text: String, then keys: [Key] = []) -> TextInput {
        var input = TextInput()
        for character in text { input.handle(.character(character)) }
        for key in keys { input.handle(key) }
        return input
    }

    @Test("printable characters insert at the cursor; Left, Right, Home and End move it")
    func moving() {
        var input = typed("acd", then: [.left, .left])
        input.handle(.character("b"))
        #expect(input.text == "abcd" && input.cursor == 2)
        input.handle(.home); #expect(input.cursor == 0)
        input.handle(.left); #expect(input.cursor == 0)
        input.handle(.control("e")); #expect(input.cursor == 4)
        input.handle(.right); #expect(input.cursor == 4)
        input.handle(.control("a")); #expect(input.cursor == 0)
        input.handle(.end); #expect(input.cursor == 4)
    }

    @Test("a combining mark typed on its own joins the character before it; the cursor stays in the text")
    func combiningMark() {
        var input = typed("a", then: [.character("\u{301}")])   // U+0301 is a key of its own
        #expect(input.text == "a\u{301}" && input.cursor == 1)
        input.handle(.character("b"))
        #expect(input.text == "a\u{301}b" && input.cursor == 2)
        input.handle(.left)
        input.handle(.character("\u{302}"))
        #expect(input.text == "a\u{301}\u{302}b" && input.cursor == 1)
        input.handle(.left); input.handle(.character("x"))
        #expect(input.text == "xa\u{301}\u{302}b" && input.cursor == 1)
    }

    @Test("Backspace and Delete remove one character on either side of the cursor")
    func deleting() {
        var input = typed("abcd", then: [.left, .left, .backspace])
        #expect(input.text == "acd" && input.cursor == 1)
        input.handle(.delete)
        #expect(input.text == "ad" && input.cursor == 1)
        input.handle(.home); input.handle(.backspace)
        input.handle(.end); input.handle(.delete)
        #expect(input.text == "ad")
    }

    @Test("Ctrl+W and Alt+Backspace delete the word before the cursor, spaces before it too")
    func deleteWord() {
        #expect(typed("blade runner  ", then: [.control("w")]).text == "blade ")
        #expect(typed("blade runner", then: [.alt(.backspace), .alt(.backspace)]).text == "")
        #expect(typed("blade runner", then: [.home, .control("w")]).text == "blade runner")
    }

    @Test("Ctrl+U deletes to the start and Ctrl+K to the end")
    func deleteToEdges() {
        let start = typed("blade runner", then: [.alt(.character("b")), .control("u")])
        #expect(start.text == "runner" && start.cursor == 0)
        let end = typed("blade runner", then: [.alt(.character("b")), .control("k")])
        #expect(end.text == "blade " && end.cursor == 6)
    }

    @Test("Alt+b and Alt+f move by words")
    func wordMoves() {
        var input = typed("the long way", then: [.alt(.character("b"))])
        #expect(input.cursor == 9)
        input.handle(.alt(.character("b"))); #expect(input.cursor == 4)
        input.handle(.alt(.character("f"))); #expect(input.cursor == 8)
        input.handle(.alt(.character("f"))); #expect(input.cursor == 12)
    }

    @Test("keys that do not edit are passed on")
    func passedOn() {
        var input = TextInput()
        let handled = [Key.enter, .escape, .up].map { input.handle($0) }
        #expect(handled == [false, false, false])
    }

    @Test("a paste keeps one line: newlines and tabs become one space, control characters go")
    func paste() {
        var input = TextInput(text: "x")
        input.insert(text: "Blade\nRunner\t\u{1B}[2J")
        #expect(input.text == "xBlade Runner [2J")
        let handled = input.handle(.paste("\r\n\nkyoto\nq\u{7}"))
        #expect(handled)
        #expect(input.text == "xBlade Runner [2J kyoto q")
        #expect(input.cursor == input.text.count)
    }

    @Test("a maximum length cuts what typing or a paste would add past it")
    func maximumLength() {
        var input = TextInput(text: "abcdef", maximumLength: 4)
        #expect(input.text == "abcd")
        input.handle(.left)
        input.handle(.character("x"))
        input.insert(text: String(repeating: "y", count: 10_000))
        #expect(input.text == "abcd" && input.cursor == 3)
        input.handle(.backspace)
        input.handle(.paste("yz"))
        #expect(input.text == "abyd")
    }

    @Test("the cursor column counts wide characters as two")
    func wideCursor() {
        let input = typed("日本🎵x", then: [.left])
        #expect(input.cursor == 3 && input.cursorColumn == 6)
    }

    @Test("the text scrolls just enough to keep the cursor in view")
    func scrolling() {
        var input = TextInput(text: "abcdefgh")
        #expect(input.visibleOffset(width: 5) == 4)
        input.scrollToCursor(width: 5)
        input.handle(.left)
        #expect(input.visibleOffset(width: 5) == 4)
        input.handle(.home)
        #expect(input.visibleOffset(width: 5) == 0)
    }

    @Test("an input matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let input = TextInput(text: "日本語のタイトル and more", prompt: "Search: ")
        let empty = TextInput(prompt: "/", placeholder: "title or genre")
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in
            let (first, rest) = area.splitTop(rows: 1)
            input.render(in: first, on: canvas)
            empty.render(in: rest.splitTop(rows: 1).top, on: canvas, showsCursor: false)
        }
        expectSnapshot(screen, named: "input-\(size.name)")
    }

    @Test("the canvas cursor stands after the last character shown")
    func cursorPlaced() {
        let input = TextInput(text: "日本", prompt: "> ")
        let screen = drawn(rows: 1, columns: 20) { area, canvas in input.render(in: area, on: canvas) }
        #expect(screen.cursor == Position(row: 0, column: 6))
    }
}
