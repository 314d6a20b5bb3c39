import Foundation
import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Text area")
struct TextAreaTests {
    func typed(_ text: String, then keys: [Key] = []) -> TextArea {
        var area = TextArea()
        for character in text { area.handle(character == "\n" ? .enter : .character(character)) }
        for key in keys { area.handle(key) }
        return area
    }

    func at(_ line: Int, _ index: Int) -> TextArea.Location { TextArea.Location(line: line, index: index) }

    @Test("Enter splits a line; Backspace at a line's start and Delete at its end join lines")
    func splittingAndJoining() {
        var area = typed("onetwo", then: [.left, .left, .left, .enter])
        #expect(area.lines == ["one", "two"] && area.cursor == at(1, 0))
        area.handle(.backspace)
        #expect(area.lines == ["onetwo"] && area.cursor == at(0, 3))
        area.handle(.enter); area.handle(.up); area.handle(.end); area.handle(.delete)
        #expect(area.lines == ["onetwo"] && area.cursor == at(0, 3))
        area.handle(.home); area.handle(.backspace)
        area.handle(.control("e")); area.handle(.control("d"))
        #expect(area.lines == ["onetwo"] && area.cursor == at(0, 6))
    }

    @Test("Left and Right cross line breaks; Home, End, Ctrl+A and Ctrl+E stay on the line")
    func horizontalMoves() {
        var area = typed("ab\ncd", then: [.home])
        area.handle(.left); #expect(area.cursor == at(0, 2))
        area.handle(.right); #expect(area.cursor == at(1, 0))
        area.handle(.control("e")); #expect(area.cursor == at(1, 2))
        area.handle(.control("f")); #expect(area.cursor == at(1, 2))
        area.handle(.control("a")); area.handle(.control("b")); #expect(area.cursor == at(0, 2))
        area.handle(.home); area.handle(.left); #expect(area.cursor == at(0, 0))
        area.handle(.end); #expect(area.cursor == at(0, 2))
    }

    @Test("Up and Down keep the column aimed for across shorter lines, by display column")
    func verticalMoves() {
        var area = typed("abcdef\nab\n日本語です", then: [.up, .up, .end, .left])
        #expect(area.cursor == at(0, 5))
        area.handle(.down); #expect(area.cursor == at(1, 2))
        area.handle(.down); #expect(area.cursor == at(2, 2) && area.cursorColumn == 4)   // column 5 is inside 語
        area.handle(.up); area.handle(.up); #expect(area.cursor == at(0, 5))
        #expect(area.handle(.up) == false)
        area.handle(.control("e")); area.handle(.down); area.handle(.down)
        #expect(area.handle(.down) == false)
    }

    @Test("Page Up and Down move by the page height, to the first and last lines at the ends")
    func paging() {
        var area = TextArea(text: (0..<30).map { "line \($0)" }.joined(separator: "\n"))
        area.scrollToCursor(height: 8)
        #expect(area.pageHeight == 8 && area.scrollOffset == 22)
        area.handle(.pageUp); #expect(area.cursor.line == 21)
        area.handle(.pageUp); area.handle(.pageUp); #expect(area.cursor.line == 5)
        area.handle(.pageUp); #expect(area.cursor == at(0, 0))
        area.handle(.pageDown); #expect(area.cursor == at(8, 0))
        area.handle(.end); area.handle(.pageDown); area.handle(.pageDown); area.handle(.pageDown)
        #expect(area.cursor == at(29, 7))
    }

    @Test("word moves and Ctrl+W cross line breaks; Alt+D deletes the next word")
    func words() {
        var area = typed("the long\nway home")
        area.handle(.alt(.character("b"))); #expect(area.cursor == at(1, 4))
        area.handle(.alt(.character("b"))); area.handle(.alt(.left)); #expect(area.cursor == at(0, 4))
        area.handle(.alt(.character("f"))); area.handle(.alt(.right)); #expect(area.cursor == at(1, 3))
        area.handle(.alt(.character("d"))); #expect(area.lines == ["the long", "way"])
        area.handle(.home); area.handle(.control("w")); #expect(area.lines == ["the way"] && area.cursor == at(0, 4))
        area.handle(.alt(.backspace)); #expect(area.text == "way")
    }

    @Test("Ctrl+K kills to the end of the line (at its end, the line break); Ctrl+U to its start")
    func killing() {
        var area = typed("blade runner\n2049", then: [.up, .home, .alt(.character("f")), .control("k")])
        #expect(area.lines == ["blade", "2049"])
        area.handle(.control("k")); #expect(area.lines == ["blade2049"] && area.cursor == at(0, 5))
        area.handle(.control("u")); #expect(area.lines == ["2049"] && area.cursor == at(0, 0))
    }

    @Test("a paste is one edit: CR LF and CR become line breaks, controls but the tab are dropped")
    func paste() {
        var area = typed("> ")
        area.handle(InputEvent.paste("one\r\ntwo\rthree\u{1B}[31m\tfour\u{7}"))
        #expect(area.lines == ["> one", "two", "three[31m\tfour"])
        #expect(area.cursor == at(2, 14))
        let undone = area.undo()
        #expect(undone && area.text == "> " && area.cursor == at(0, 2))
        let undoneAll = area.undo() && area.undo()
        #expect(undoneAll && area.text.isEmpty)
        let undoneMore = area.undo()
        #expect(!undoneMore)
    }

    @Test("the maximum length bounds typing and pastes, line breaks counted")
    func maximumLength() {
        var area = TextArea(maximumLength: 6)
        area.insert(text: "ab\ncd")
        #expect(area.count == 5)
        area.insert(text: "\nef"); #expect(area.lines == ["ab", "cd", ""])
        area.handle(.character("x")); area.handle(.enter)
        #expect(area.text == "ab\ncd\n" && area.count == 6)
    }

    @Test("the cursor moves by grapheme cluster and the column by display width")
    func graphemes() {
        var area = typed("e\u{301}🇫🇷日", then: [.character("\u{302}")])
        #expect(area.lines[0].count == 3 && area.cursor == at(0, 3))
        area.handle(.left); #expect(area.cursorColumn == 3)
        area.handle(.left); area.handle(.backspace)
        #expect(area.lines == ["🇫🇷日\u{302}"] && area.cursor == at(0, 0))
        #expect(TextArea(text: "a\tb").cursorColumn == 5)
    }

    @Test("keys that do not edit are passed on")
    func passedOn() {
        var area = TextArea(text: "a")
        let handled = [Key.escape, .tab, .function(2), .up, .down].map { area.handle($0) }
        #expect(handled == [false, false, false, false, false])
        #expect(area.handle(InputEvent.resize(Size(rows: 2, columns: 2))) == false)
    }

    @Test("a text area is saved and restored with its cursor, the text cleaned on the way in")
    func coding() throws {
        var area = TextArea(text: "one\ntwo\nthree", placeholder: "Note", maximumLength: 100)
        area.handle(.up); area.scrollToCursor(height: 2)
        let decoded = try JSONDecoder().decode(TextArea.self, from: JSONEncoder().encode(area))
        #expect(decoded.text == area.text && decoded.cursor == area.cursor && decoded.scrollOffset == area.scrollOffset)
        #expect(decoded.placeholder == "Note" && decoded.maximumLength == 100 && decoded.pageHeight == 2)
        let hostile = #"{"text":"a\r\nb\u001b","line":9,"index":9,"scrollOffset":-1,"pageHeight":0,"placeholder":""}"#
        let cleaned = try JSONDecoder().decode(TextArea.self, from: Data(hostile.utf8))
        #expect(cleaned.lines == ["a", "b"] && cleaned.cursor == at(1, 1) && cleaned.scrollOffset == 0)
    }

    @Test("a text area matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        var area = TextArea(text: "The long way home\n\tindented\n日本語のタイトル：長い夜の物語\n\nlast")
        area.handle(.up); area.handle(.up)
        let screen = drawn(rows: size.rows, columns: size.columns) { rect, canvas in area.render(in: rect, on: canvas) }
        expectSnapshot(screen, named: "textarea-\(size.name)")
        #expect(screen.cursor != nil)
    }

    @Test("the cursor's line is scrolled into view, the cursor put only when focused; a 0x0 area draws nothing")
    func scrollingAndCursor() {
        let area = TextArea(text: "1\n2\n3\n4\n5 end")
        let screen = drawn(rows: 4, columns: 10) { _, canvas in
            let position = area.render(in: Rect(row: 1, column: 2, rows: 2, columns: 4), on: canvas)
            #expect(position == Position(row: 2, column: 5))
        }
        // Scrolled sideways by 2 so that the cursor after "end" shows: "4" is left of the area.
        #expect(screen.rowText(1) == "")
        #expect(screen.rowText(2) == "  end")
        #expect(screen.cursor == Position(row: 2, column: 5))
        let unfocused = drawn(rows: 4, columns: 10) { rect, canvas in area.render(in: rect, on: canvas, isFocused: false) }
        #expect(unfocused.cursor == nil)
        let empty = drawn(rows: 2, columns: 4) { _, canvas in
            #expect(area.render(in: Rect(row: 1, column: 1, rows: 0, columns: 0), on: canvas) == nil)
        }
        #expect(empty.text.allSatisfy { $0 == " " || $0 == "\n" } && empty.cursor == nil)
        let placeholder = drawn(rows: 2, columns: 12) { rect, canvas in
            TextArea(placeholder: "Write here").render(in: rect, on: canvas)
        }
        #expect(placeholder.rowText(0).hasPrefix("Write here") && placeholder.cursor == Position(row: 0, column: 0))
    }

    // MARK: Random sequences against a model

    /// A text as an array of characters and a cursor into it: what the text area must agree with.
    struct Model {
        var characters: [Character] = []
        var cursor = 0

        mutating func apply(_ key: Key) {
            let lineStart = characters[..<cursor].lastIndex(of: "\n").map { $0 + 1 } ?? 0
            let lineEnd = characters[cursor...].firstIndex(of: "\n") ?? characters.count
            switch key {
            case .character(let character): characters.insert(character, at: cursor); cursor += 1
            case .enter: characters.insert("\n", at: cursor); cursor += 1
            case .left: cursor = max(cursor - 1, 0)
            case .right: cursor = min(cursor + 1, characters.count)
            case .home: cursor = lineStart
            case .end: cursor = lineEnd
            case .backspace: if cursor > 0 { characters.remove(at: cursor - 1); cursor -= 1 }
            case .delete: if cursor < characters.count { characters.remove(at: cursor) }
            case .control("u"): characters.removeSubrange(lineStart..<cursor); cursor = lineStart
            case .control("k"):
                if cursor == lineEnd { if cursor < characters.count { characters.remove(at: cursor) } } else {
                    characters.removeSubrange(cursor..<lineEnd)
                }
            default: break
            }
        }

        mutating func paste(_ text: String) {
            characters.insert(contentsOf: text, at: cursor)
            cursor += text.count
        }
    }

    /// A seeded generator, so that a failing sequence can be run again.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let modelKeys: [Key] = [.character("a"), .character("z"), .character(" "), .character("日"), .enter, .left,
                                   .right, .home, .end, .backspace, .delete, .control("u"), .control("k")]

    @Test("random keys and pastes of whole characters agree with an array of characters and a cursor", arguments: 0..<40)
    func agreesWithModel(seed: UInt64) {
        var random = SplitMix(state: seed)
        var area = TextArea()
        var model = Model()
        for step in 0..<200 {
            if Int.random(in: 0..<10, using: &random) == 0 {
                let pasted = String((0..<Int.random(in: 0...6, using: &random)).map { _ in "ab\n日 ".randomElement(using: &random)! })
                area.handle(InputEvent.paste(pasted))
                model.paste(pasted)
            } else {
                let key = Self.modelKeys.randomElement(using: &random)!
                area.handle(key)
                model.apply(key)
            }
            #expect(Array(area.text) == model.characters, "seed \(seed), step \(step)")
            #expect(area.lines.prefix(area.cursor.line).reduce(area.cursor.line) { $0 + $1.count } + area.cursor.index
                        == model.cursor, "seed \(seed), step \(step)")
        }
    }

    static let anyKeys: [Key] = modelKeys + [.character("\u{301}"), .character("\u{1B}"), .character("\n"), .character("🇫"),
                                             .character("🇷"), .up, .down, .pageUp, .pageDown, .control("a"), .control("e"),
                                             .control("b"), .control("f"), .control("w"), .control("d"), .control("h"),
                                             .alt(.character("b")), .alt(.character("f")), .alt(.character("d")),
                                             .alt(.backspace), .tab, .escape]
    static let pastes = ["x\r\ny", "\r", "\r\n\r\n", "\u{301}", "e\u{301}\t", "日本\n語", "\u{7}\u{1B}[2J", "👍🏽 ok"]

    @Test("any key and paste, with marks, flags and controls, keeps the cursor in the text and lines without breaks",
          arguments: 0..<40)
    func keepsInvariants(seed: UInt64) {
        var random = SplitMix(state: seed &+ 1000)
        var area = TextArea(maximumLength: seed.isMultiple(of: 2) ? 40 : nil)
        let canvas = HeadlessScreen(size: Size(rows: 4, columns: 6))
        for step in 0..<300 {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: area.handle(InputEvent.paste(Self.pastes.randomElement(using: &random)!))
            case 1: area.undo()
            case 2: area.scrollToCursor(height: Int.random(in: 0...5, using: &random))
            default: area.handle(Self.anyKeys.randomElement(using: &random)!)
            }
            let valid = !area.lines.isEmpty && area.lines.allSatisfy { !$0.contains("\n") && !$0.contains("\r") }
                && area.lines.indices.contains(area.cursor.line) && (0...area.lines[area.cursor.line].count).contains(area.cursor.index)
                && area.count <= (area.maximumLength ?? .max)
            #expect(valid, "seed \(seed), step \(step): \(area.lines) \(area.cursor)")
            if !valid { return }
            canvas.frame { canvas in
                if let position = area.render(in: Rect(row: 1, column: 1, rows: 2, columns: 4), on: canvas) {
                    #expect((1...2).contains(position.row) && (1...4).contains(position.column), "seed \(seed), step \(step)")
                }
            }
        }
    }
}
