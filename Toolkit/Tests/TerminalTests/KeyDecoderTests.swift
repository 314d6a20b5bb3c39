import CNCursesW
import Testing
@testable import Terminal

@Suite("Key decoding from wget_wch results")
struct KeyDecoderTests {
    static let characters: [(UInt32, Key)] = [
        (0x61, .character("a")),
        (0x20, .character(" ")),
        (0xE9, .character("é")),
        (0x65E5, .character("日")),
        (0x1F3AC, .character("🎬")),
        (0x0D, .enter),
        (0x0A, .enter),
        (0x09, .tab),
        (0x1B, .escape),
        (0x7F, .backspace),
        (0x08, .backspace),
        (0x01, .control("a")),
        (0x03, .control("c")),
        (0x15, .control("u")),
        (0x1A, .control("z")),
        (0x00, .control(" ")),
        (0x1C, .unknown(code: 0x1C, name: nil)),
        (0x9B, .unknown(code: 0x9B, name: nil)),
        (0xD800, .unknown(code: 0xD800, name: nil)),   // not a scalar
    ]

    @Test("characters", arguments: characters)
    func character(code: UInt32, key: Key) {
        #expect(KeyDecoder.decode(status: .character, code: code) == .key(key))
    }

    static let functionKeys: [(Int32, Key)] = [
        (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
        (KEY_SR, .shiftUp), (KEY_SF, .shiftDown), (KEY_SLEFT, .shiftLeft), (KEY_SRIGHT, .shiftRight),
        (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
        (KEY_ENTER, .enter), (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_IC, .insert),
        (KEY_BTAB, .backTab),
        (spindle_key_f(1), .function(1)), (spindle_key_f(5), .function(5)), (spindle_key_f(12), .function(12)),
        (KEY_MAX + 1, .unknown(code: KEY_MAX + 1, name: nil)),
        (KEY_MOUSE, .unknown(code: KEY_MOUSE, name: nil)),
    ]

    @Test("function keys", arguments: functionKeys)
    func functionKey(code: Int32, key: Key) {
        #expect(KeyDecoder.decode(status: .functionKey, code: UInt32(bitPattern: code)) == .key(key))
    }

    @Test("resize carries the new size")
    func resize() {
        let key = KeyDecoder.decode(status: .functionKey, code: UInt32(KEY_RESIZE), size: Size(rows: 30, columns: 100))
        #expect(key == .resize(Size(rows: 30, columns: 100)))
        #expect(key.name == "Resize 100x30")
    }

    @Test("extended keys are named by terminfo", arguments: [
        ("kUP", Key.shiftUp), ("kDN", .shiftDown), ("kLFT", .shiftLeft), ("kRIT", .shiftRight),
    ])
    func extended(name: String, key: Key) {
        #expect(KeyDecoder.decode(status: .functionKey, code: 600, keyName: { _ in name }) == .key(key))
        let unknown = KeyDecoder.decode(status: .functionKey, code: 601, keyName: { _ in "kUP5" })
        #expect(unknown == .key(.unknown(code: 601, name: "kUP5")))
    }

    @Test("names a person can read")
    func names() {
        #expect(Key.control("c").name == "Ctrl+C")
        #expect(Key.character(" ").name == "Space")
        #expect(Key.function(5).name == "F5")
        #expect(Key.backTab.name == "Shift+Tab")
        #expect(Key.character("\u{1B}").name == "␛")
    }
}

@Suite("Alt chords: ESC then a key, read together")
struct AltChordTests {
    @Test("ESC directly followed by a key is that key with Alt; a lone Esc stays Esc", arguments: [
        ([Key.escape, .backspace], [Key.alt(.backspace)]),
        ([.escape, .character("b")], [.alt(.character("b"))]),
        ([.escape, .character("f"), .character("x")], [.alt(.character("f")), .character("x")]),
        ([.escape], [.escape]),
        ([.escape, .escape], [.escape, .escape]),
        ([.character("a"), .escape], [.character("a"), .escape]),
    ])
    func chords(keys: [Key], expected: [Key]) {
        #expect(KeyDecoder.combiningAltChords(keys.map { .key($0) }) == expected.map { .key($0) })
    }
}
