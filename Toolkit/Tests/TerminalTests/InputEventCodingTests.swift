import Foundation
import Terminal
import Testing

@Suite("Input in journals and recordings: keys as Key writes them, pastes, mouse reports and resizes beside them")
struct InputEventCodingTests {
    /// Keys sorted, so that two encodings of one value compare equal.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decoded(_ json: String) throws -> InputEvent {
        try JSONDecoder().decode(InputEvent.self, from: Data(json.utf8))
    }

    @Test("a key is written byte for byte as Key writes it", arguments: [
        Key.enter, .pageDown, .character("q"), .control("d"), .alt(.character("b")), .alt(.backspace), .function(5),
        .unknown(code: 999, name: nil), .unknown(code: 1, name: "KEY_X"),
    ])
    func key(key: Key) throws {
        let written = try Self.json(InputEvent.key(key))
        #expect(written == (try Self.json(key)))
        #expect(try Self.decoded(written) == .key(key))
    }

    @Test("a paste, a mouse report and a resize each read back as themselves")
    func others() throws {
        let inputs: [InputEvent] = [
            .paste("two\nlines"), .resize(Size(rows: 3, columns: 4)),
            .mouse(MouseEvent(action: .press(.left), position: Position(row: 2, column: 5), modifiers: .shift)),
            .mouse(MouseEvent(action: .press(.right), position: Position(row: 1, column: 1), clickCount: 2)),
            .mouse(MouseEvent(action: .drag(.middle), position: Position(row: 0, column: 3))),
            .mouse(MouseEvent(action: .moved, position: Position(row: 4, column: 9), modifiers: .alt)),
        ]
        for input in inputs { #expect(try Self.decoded(try Self.json(input)) == input) }
        #expect(try Self.json(MouseEvent.Action.moved) == #""moved""#)
    }

    @Test("input recorded when Key also held pastes, mouse reports and resizes reads back the same")
    func recordedBefore() throws {
        // Lines as a journal wrote them then, each key field exactly as it was written.
        let recorded: [(String, InputEvent)] = [
            (#""enter""#, .key(.enter)),
            (#"{"character":"q"}"#, .key(.character("q"))),
            (#"{"alt":{"character":"b"}}"#, .key(.alt(.character("b")))),
            (#"{"paste":"kyoto\nq"}"#, .paste("kyoto\nq")),
            (#"{"resize":{"rows":24,"columns":80}}"#, .resize(Size(rows: 24, columns: 80))),
            (#"{"mouse":{"action":{"press":{"left":{}}},"position":{"row":2,"column":5},"modifiers":1}}"#,
             .mouse(MouseEvent(action: .press(.left), position: Position(row: 2, column: 5), modifiers: .shift))),
            (#"{"mouse":{"action":"wheelDown","position":{"row":0,"column":0}}}"#,
             .mouse(MouseEvent(action: .wheelDown, position: Position(row: 0, column: 0)))),
        ]
        for (json, input) in recorded {
            #expect(try Self.decoded(json) == input, "\(json)")
        }
    }

    @Test("what is not input is a decoding error", arguments: [
        #""resize""#, #"{"paste":1}"#, #"{"character":"qq"}"#, #"{}"#, #"{"paste":"a","character":"b"}"#, "[]",
    ])
    func invalid(json: String) {
        #expect(throws: DecodingError.self) { try Self.decoded(json) }
    }

    @Test("a key is never a paste, a mouse report or a resize")
    func keysOnly() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Key.self, from: Data(#"{"paste":"x"}"#.utf8)) }
    }
}
