import Testing
@testable import Terminal

@Suite("Pastes and mouse reports, put together from the pieces ncurses returns")
struct InputAssemblerTests {
    typealias Piece = InputAssembler.Piece

    static func keys(_ pieces: [Piece], at times: [UInt64]? = nil) -> [InputEvent] {
        var assembler = InputAssembler()
        var keys: [InputEvent] = []
        for (index, piece) in pieces.enumerated() { keys += assembler.feed(piece, at: times?[index] ?? 0) }
        return keys
    }

    static func text(_ string: String) -> [Piece] { string.map { .key(.character($0)) } }
    static func mouse(_ parameters: String, _ final: Character = "M") -> [Piece] { [.mouseReport] + text(parameters) + [.key(.character(final))] }
    static func at(_ row: Int, _ column: Int) -> Position { Position(row: row, column: column) }

    @Test("a bracketed paste is one key, its newlines and tabs kept, other keys inside it dropped", arguments: [
        ([Piece.pasteStart] + text("kyoto") + [.key(.enter), .key(.character("q")), .pasteEnd], [InputEvent.paste("kyoto\nq")]),
        ([.pasteStart, .key(.character("a")), .key(.tab), .key(.up), .key(.escape), .key(.control("c")),
          .key(.function(5)), .key(.character("b")), .pasteEnd], [.paste("a\tb")]),
        ([.pasteStart, .pasteEnd], [.paste("")]),
        // A marker inside a paste is noise; the first end ends it.
        ([.pasteStart, .key(.character("a")), .pasteStart, .mouseReport, .key(.character("b")), .pasteEnd,
          .key(.character("q"))], [.paste("ab"), .key(.character("q"))]),
        // An end without a start is dropped; keys around it are keys.
        ([.key(.character("x")), .pasteEnd, .key(.down)], [.key(.character("x")), .key(.down)]),
    ])
    func paste(pieces: [Piece], expected: [InputEvent]) {
        #expect(Self.keys(pieces) == expected)
    }

    @Test("a paste whose end never comes is delivered when input stops (flush), not held for ever")
    func unterminatedPaste() {
        var assembler = InputAssembler()
        #expect(assembler.feed(.pasteStart, at: 0).isEmpty)
        #expect(assembler.feed(.key(.character("a")), at: 0).isEmpty)
        #expect(assembler.isAssembling)
        #expect(assembler.flush() == [.paste("a")])
        #expect(!assembler.isAssembling)
        #expect(assembler.feed(.key(.character("q")), at: 1) == [.key(.character("q"))])
    }

    @Test("a huge paste keeps its first characters up to the limit (1 Mi by default) and ends normally")
    func hugePaste() {
        var assembler = InputAssembler(maximumPaste: 1000)
        _ = assembler.feed(.pasteStart, at: 0)
        for _ in 0..<1010 { _ = assembler.feed(.key(.character("x")), at: 0) }
        let keys = assembler.feed(.pasteEnd, at: 0) + assembler.feed(.key(.character("q")), at: 0)
        #expect(keys == [.paste(String(repeating: "x", count: 1000)), .key(.character("q"))])
        #expect(InputAssembler.defaultMaximumPaste == 1 << 20)
    }

    @Test("SGR mouse reports: buttons, release, wheel, drag, motion with no button, modifiers, 1-based cells", arguments: [
        ("0;10;5", Character("M"), MouseEvent(action: .press(.left), position: at(4, 9))),
        ("0;10;5", "m", MouseEvent(action: .release(.left), position: at(4, 9))),
        ("1;1;1", "M", MouseEvent(action: .press(.middle), position: at(0, 0))),
        ("2;250;80", "M", MouseEvent(action: .press(.right), position: at(79, 249))),
        ("64;3;4", "M", MouseEvent(action: .wheelUp, position: at(3, 2))),
        ("65;3;4", "M", MouseEvent(action: .wheelDown, position: at(3, 2))),
        ("32;7;2", "M", MouseEvent(action: .drag(.left), position: at(1, 6))),
        ("33;7;2", "M", MouseEvent(action: .drag(.middle), position: at(1, 6))),
        ("38;7;2", "M", MouseEvent(action: .drag(.right), position: at(1, 6), modifiers: [.shift])),
        ("35;10;5", "M", MouseEvent(action: .moved, position: at(4, 9))),
        ("39;10;5", "M", MouseEvent(action: .moved, position: at(4, 9), modifiers: [.shift])),
        ("59;1;1", "M", MouseEvent(action: .moved, position: at(0, 0), modifiers: [.alt, .control])),
        ("20;2;2", "M", MouseEvent(action: .press(.left), position: at(1, 1), modifiers: [.shift, .control])),
        ("73;2;2", "M", MouseEvent(action: .wheelDown, position: at(1, 1), modifiers: [.alt])),
        ("88;100000;100000", "M", MouseEvent(action: .wheelUp, position: at(99999, 99999), modifiers: [.control, .alt])),
    ])
    func sgr(parameters: String, final: Character, expected: MouseEvent) {
        #expect(Self.keys(Self.mouse(parameters, final)) == [.mouse(expected)])
    }

    @Test("motion with no button held never moves the click count or releases a button")
    func motionBetweenClicks() {
        let pieces = Self.mouse("0;3;3") + Self.mouse("35;4;3") + Self.mouse("0;3;3", "m")
        #expect(Self.keys(pieces) == [
            .mouse(MouseEvent(action: .press(.left), position: Self.at(2, 2))),
            .mouse(MouseEvent(action: .moved, position: Self.at(2, 3))),
            .mouse(MouseEvent(action: .release(.left), position: Self.at(2, 2))),
        ])
    }

    @Test("malformed reports are dropped whole", arguments: [
        "", "0;10", "0;10;5;7", "0;0;5", "0;5;0", ";;", "66;1;1", "67;1;1", "0;;5",
    ])
    func malformed(parameters: String) {
        #expect(Self.keys(Self.mouse(parameters) + [.key(.character("j"))]) == [.key(.character("j"))])
    }

    @Test("a report cut off by another key drops the part read and keeps that key", arguments: [
        Key.character("q"), .up, .escape, .enter,
    ])
    func cutOff(key: Key) {
        #expect(Self.keys([.mouseReport] + Self.text("0;1") + [.key(key)]) == [.key(key)])
    }

    @Test("old-style (X10) reports, from a terminal without the SGR form, are mouse events, never keys", arguments: [
        (" !!", MouseEvent(action: .press(.left), position: at(0, 0))),
        ("#qq", MouseEvent(action: .release(.left), position: at(80, 80))),
        ("a+%", MouseEvent(action: .wheelDown, position: at(4, 10))),
        ("C+%", MouseEvent(action: .moved, position: at(4, 10))),
        ("qqq", MouseEvent(action: .wheelDown, position: at(80, 80), modifiers: [.control])),
        ("0\u{7F}\u{7F}", MouseEvent(action: .press(.left), position: at(94, 94), modifiers: [.control])),
    ])
    func legacy(bytes: String, expected: MouseEvent) {
        let pieces = [Piece.legacyMouseReport] + bytes.map { $0 == "\u{7F}" ? Piece.key(.backspace) : .key(.character($0)) }
        #expect(Self.keys(pieces + [.key(.character("j"))]) == [.mouse(expected), .key(.character("j"))])
    }

    @Test("a report over too many digits is dropped, not buffered without end")
    func overlong() {
        let pieces = [Piece.mouseReport] + Self.text(String(repeating: "1", count: 40)) + Self.text("M")
        #expect(Self.keys(pieces).allSatisfy { if case .mouse = $0 { false } else { true } })
    }

    @Test("a report split across reads is put together")
    func split() {
        var assembler = InputAssembler()
        var keys: [InputEvent] = []
        for piece in [Piece.mouseReport] + Self.text("64;1") { keys += assembler.feed(piece, at: 0) }
        #expect(keys.isEmpty && assembler.isAssembling)
        for piece in Self.text(";2M") { keys += assembler.feed(piece, at: 5) }
        #expect(keys == [.mouse(MouseEvent(action: .wheelUp, position: Self.at(1, 0)))])
        // A cut-off report is dropped when input stops.
        _ = assembler.feed(.mouseReport, at: 6)
        #expect(assembler.flush().isEmpty)
    }

    @Test("two presses of one button on one cell within 400 ms are a double click")
    func doubleClick() {
        let press = Self.mouse("0;3;3"), release = Self.mouse("0;3;3", "m")
        func counts(_ times: [UInt64], pieces: [[Piece]]) -> [Int] {
            var assembler = InputAssembler()
            var result: [Int] = []
            for (time, report) in zip(times, pieces) {
                for piece in report {
                    for case .mouse(let mouse) in assembler.feed(piece, at: time) {
                        if case .press = mouse.action { result.append(mouse.clickCount) }
                    }
                }
            }
            return result
        }
        #expect(counts([1000, 1050, 1200], pieces: [press, release, press]) == [1, 2])
        #expect(counts([1000, 1500], pieces: [press, press]) == [1, 1], "too slow")
        #expect(counts([1000, 1100, 1200, 1300], pieces: [press, press, press, press]) == [1, 2, 3, 1])
        #expect(counts([1000, 1100], pieces: [press, Self.mouse("0;4;3")]) == [1, 1], "another cell")
        #expect(counts([1000, 1100], pieces: [press, Self.mouse("2;3;3")]) == [1, 1], "another button")
    }

    @Test("a paste, a mouse report or a resize never becomes an Alt chord")
    func notAlt() {
        let paste = InputEvent.paste("x"), mouse = InputEvent.mouse(MouseEvent(action: .wheelUp, position: Self.at(0, 0)))
        let resize = InputEvent.resize(Size(rows: 24, columns: 80))
        for input in [paste, mouse, resize] {
            #expect(KeyDecoder.combiningAltChords([.key(.escape), input]) == [.key(.escape), input])
        }
    }

    @Test("names for the key echo")
    func names() {
        #expect(InputEvent.paste("héllo").name == "Paste (5 characters)")
        #expect(InputEvent.mouse(MouseEvent(action: .wheelDown, position: Self.at(2, 7))).name == "Wheel down 2,7")
        #expect(InputEvent.mouse(MouseEvent(action: .press(.left), position: Self.at(0, 0), clickCount: 2)).name == "Click×2 left 0,0")
        #expect(InputEvent.mouse(MouseEvent(action: .moved, position: Self.at(3, 10))).name == "Move 3,10")
        #expect(InputEvent.mouse(MouseEvent(action: .drag(.left), position: Self.at(3, 10))).name == "Drag left 3,10")
        #expect(InputEvent.resize(Size(rows: 24, columns: 80)).name == "Resize 80x24")
        #expect(InputEvent.key(.control("c")).name == "Ctrl+C")
    }
}
