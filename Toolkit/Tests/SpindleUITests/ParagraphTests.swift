import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Paragraph")
struct ParagraphTests {
    let text = Paragraph(lines: [
        [Span("The Long Way Home", style: .bold), Span(" (1999)", style: .dim)],
        [],
        [Span("A drifter crosses the "), Span("salt flats", style: .underline), Span(" to find 日本語の友達 and an old debt.")],
    ])

    func rows(_ paragraph: Paragraph, rows: Int, columns: Int) -> [String] {
        let screen = drawn(rows: rows, columns: columns) { area, canvas in paragraph.render(in: area, on: canvas) }
        return (0..<rows).map { screen.rowText($0) }
    }

    @Test("a paragraph matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in text.render(in: area, on: canvas) }
        expectSnapshot(screen, named: "paragraph-\(size.name)")
    }

    @Test("wrapping at spaces, dropping the spaces at the break, hard-breaking a word longer than a line where it starts")
    func wrapping() {
        #expect(rows(Paragraph("one two three"), rows: 3, columns: 7) == ["one two", "three", ""])
        #expect(rows(Paragraph("one   two"), rows: 2, columns: 4) == ["one", "two"])
        #expect(rows(Paragraph("abcdefghij"), rows: 3, columns: 4) == ["abcd", "efgh", "ij"])
        // A word longer than a line starts where it is: it would be broken anyway.
        #expect(rows(Paragraph("a abcdefghij"), rows: 4, columns: 4) == ["a ab", "cdef", "ghij", ""])
        #expect(rows(Paragraph("a abcd"), rows: 2, columns: 4) == ["a", "abcd"], "a word that fits a line moves to it")
        #expect(rows(Paragraph("  indented words"), rows: 3, columns: 9) == ["  indente", "d words", ""])
        #expect(Paragraph("hello ").lineCount(width: 5) == 1)
        #expect(Paragraph("one\n\ntwo").lineCount(width: 10) == 3)
        #expect(Paragraph("").lineCount(width: 10) == 1)
    }

    @Test("wide characters and graphemes are never split; styles carry across the break")
    func wide() {
        #expect(rows(Paragraph("日本語の"), rows: 3, columns: 5) == ["日本", "語の", ""])
        #expect(rows(Paragraph("e\u{301}e\u{301}e\u{301}"), rows: 2, columns: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        let styled = Paragraph(lines: [[Span("ab cd", style: .bold), Span(" ef")]])
        let screen = drawn(rows: 3, columns: 3) { area, canvas in styled.render(in: area, on: canvas) }
        #expect(screen.text == "ab\ncd\nef")
        #expect(screen.cell(row: 1, column: 0).style == .bold)
        #expect(screen.cell(row: 2, column: 0).style == .plain)
    }

    @Test("not wrapping: lines are cut, with or without an ellipsis in the cut span's style")
    func cutting() {
        var paragraph = Paragraph(lines: [[Span("abc"), Span("defgh", style: .bold)], [Span("xy")]], wrap: false)
        let screen = drawn(rows: 2, columns: 5) { area, canvas in paragraph.render(in: area, on: canvas) }
        #expect(screen.text == "abcd…\nxy")
        #expect(screen.cell(row: 0, column: 4).style == .bold)
        paragraph.ellipsis = false
        #expect(rows(paragraph, rows: 2, columns: 5) == ["abcde", "xy"])
        #expect(paragraph.lineCount(width: 1) == 2)
    }

    @Test("alignment places each wrapped line")
    func alignment() {
        #expect(rows(Paragraph("ab cdef", alignment: .center), rows: 2, columns: 6) == ["  ab", " cdef"])
        #expect(rows(Paragraph("ab cdef", alignment: .trailing), rows: 2, columns: 6) == ["    ab", "  cdef"])
    }

    @Test("overflowing text scrolls by wrapped lines with a scrollbar, the offset clamped")
    func scrolling() {
        var paragraph = Paragraph((1...10).map { "line \($0)" }.joined(separator: "\n"))
        paragraph.offset = 3
        let screen = drawn(rows: 4, columns: 8) { area, canvas in paragraph.render(in: area, on: canvas) }
        expectSnapshot(screen, named: "paragraph-scrolled")
        paragraph.offset = 100
        #expect(rows(paragraph, rows: 4, columns: 8).first?.hasPrefix("line 7") == true)
        #expect(paragraph.lineCount(width: 7) == 10)
    }

    @Test("a 0x0 area draws nothing")
    func empty() {
        let screen = drawn(rows: 1, columns: 1) { _, canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 1, columns: 1), with: "x", style: .plain)
            Paragraph("text").render(in: Rect(row: 0, column: 0, rows: 0, columns: 0), on: canvas)
        }
        #expect(screen.text == "x")
    }

    @Test("a 100,000-character paragraph lays out and draws in linear time")
    func long() {
        let words = (0..<20_000).map { $0 % 7 == 0 ? "日本語" : "word" }.joined(separator: " ")
        let longWord = String(repeating: "x", count: 100_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for text in [words, longWord] {
                var paragraph = Paragraph(text)
                paragraph.offset = 1_000
                let screen = drawn(rows: 24, columns: 80) { area, canvas in paragraph.render(in: area, on: canvas) }
                #expect(!screen.rowText(0).isEmpty)
                #expect(paragraph.lineCount(width: 79) > 1_000)
            }
        }
        #expect(elapsed < .seconds(5))
    }
}

@Suite("Paragraph.fields")
struct ParagraphFieldsTests {
    let fields = Paragraph.fields([
        ("Year", "1999"), ("Genres", "Drama, Western, Road movie, Comedy of manners"), ("Plot", "First line\nSecond line"),
    ], labelStyle: .dim)

    @Test("fields match their snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in fields.render(in: area, on: canvas) }
        expectSnapshot(screen, named: "fields-\(size.name)")
    }

    @Test("a value wraps under itself; a word wider than the value column is broken there")
    func hanging() {
        let screen = drawn(rows: 4, columns: 14) { area, canvas in
            Paragraph.fields([("Cast", "Anna Maximiliana Ek")]).render(in: area, on: canvas)
        }
        #expect(screen.text == "Cast  Anna Max\n      imiliana\n      Ek\n")
        #expect(screen.cell(row: 0, column: 0).style == .bold)
    }
}

@Suite("Paragraph wrapping, at random")
struct ParagraphWrappingPropertyTests {
    @Test("random words at random widths: nothing lost or reordered, no line wider than the area or with spaces at its ends")
    func random() {
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        let pieces = ["a", "bc", "def", "ghij", "klmnopqrstu", "日本", "語", "é", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]
        for _ in 0..<300 {
            let words = (0..<(next() % 30)).map { _ in pieces[next() % pieces.count] }
            let separators = words.map { _ in String(repeating: " ", count: 1 + next() % 3) }
            let text = zip(words, separators).map { $0 + $1 }.joined()
            let columns = 1 + next() % 30
            let paragraph = Paragraph(text)
            let count = paragraph.lineCount(width: columns)
            let screen = drawn(rows: count, columns: columns) { area, canvas in paragraph.render(in: area, on: canvas) }
            let rows = (0..<count).map { screen.rowText($0) }
            // A wide character cannot show in one column: its line is blank there.
            let shown = columns > 1 ? text : String(text.filter { DisplayText.width(String($0)) < 2 })
            #expect(rows.joined().filter { $0 != " " } == shown.filter { $0 != " " }, "\(text) at \(columns)")
            for row in rows {
                #expect(DisplayText.width(row) <= columns)
                #expect(!row.hasPrefix(" "))
            }
            if columns > 1 {
                #expect(count <= max(DisplayText.width(text), 1))
            }
        }
    }

    @Test("not wrapping, overflowing lines scroll with a scrollbar; a hanging indent wider than the area is ignored")
    func cutAndIndent() {
        var paragraph = Paragraph((1...5).map { "row \($0) is long" }.joined(separator: "\n"), wrap: false)
        paragraph.offset = 1
        let screen = drawn(rows: 3, columns: 8) { area, canvas in paragraph.render(in: area, on: canvas) }
        #expect(screen.text == "row 2 i…│\nrow 3 i…┃\nrow 4 i…│".replacingOccurrences(of: "i…", with: "…"))
        let indented = Paragraph(lines: [[Span("aa bb cc")]], hangingIndent: 9)
        let narrow = drawn(rows: 3, columns: 3) { area, canvas in indented.render(in: area, on: canvas) }
        #expect(narrow.text == "aa\nbb\ncc")
    }
}
