import Testing
@testable import Catalog

@Suite("Foundation's JSON, sorted and explained")
struct JSONValueTests {
    /// `text` parsed by Foundation, as `JSONValue` sorts it.
    static func value(_ text: String) throws -> JSONValue {
        try Array(text.utf8).withUnsafeBufferPointer { bytes in JSONValue(try JSONValue.parse(bytes)) }
    }

    /// `text` parsed by Foundation, read as an integer field reads it.
    static func integer(_ text: String) throws -> Int? {
        try Array(text.utf8).withUnsafeBufferPointer { bytes in JSONValue.integer(from: try JSONValue.parse(bytes)) }
    }

    @Test("numbers are sorted by how they were written, booleans apart")
    func numbers() throws {
        #expect(try Self.value("true") == .bool(true))
        #expect(try Self.value("false") == .bool(false))
        #expect(try Self.value("0") == .integer(0))
        #expect(try Self.value("1") == .integer(1))
        #expect(try Self.value("-5") == .integer(-5))
        #expect(try Self.value("9223372036854775807") == .integer(.max))
        #expect(try Self.value("9223372036854775808") == .number("9223372036854775808"))
        #expect(try Self.value("99999999999999999999") == .number("99999999999999999999"))
        #expect(try Self.value("1.0") == .number("1.0"))
        #expect(try Self.value("1.5") == .number("1.5"))
        #expect(try Self.value("1.999e3") == .number("1999.0"))
    }

    @Test("the other kinds of value")
    func others() throws {
        #expect(try Self.value("null") == .null)
        #expect(try Self.value(#""1999""#) == .string("1999"))
        #expect(try Self.value("[1]") == .array)
        #expect(try Self.value(#"{"a": 1}"#) == .object)
    }

    @Test("only a whole number reads as an integer: not a boolean, a fraction or a string")
    func integers() throws {
        #expect(try Self.integer("0") == 0)
        #expect(try Self.integer("1") == 1)
        #expect(try Self.integer("1999") == 1999)
        #expect(try Self.integer("true") == nil)
        #expect(try Self.integer("false") == nil)
        #expect(try Self.integer("1.0") == nil)
        #expect(try Self.integer("1.5") == nil)
        #expect(try Self.integer("1e3") == nil)
        #expect(try Self.integer(#""1999""#) == nil)
        #expect(try Self.integer("null") == nil)
    }

    @Test("Foundation's message becomes a reason and a column")
    func syntaxMessage() {
        let line = Array(#"{"title": "東京", "year": ☃}"#.utf8)
        #expect(JSONValue.syntaxProblem("Invalid value around character 28.", in: line)
            == .notJSON(reason: "invalid value", column: 25))
        #expect(JSONValue.syntaxProblem("Invalid value around character 99.", in: Array("{}".utf8))
            == .notJSON(reason: "invalid value", column: 3))
        #expect(JSONValue.syntaxProblem("Unexpected end of file during JSON parse.", in: line)
            == .notJSON(reason: "unexpected end of file during JSON parse", column: nil))
        #expect(JSONValue.syntaxProblem("JSON text did not start with array or object.", in: line)
            == .notJSON(reason: "JSON text did not start with array or object", column: nil))
        #expect(JSONValue.syntaxProblem("", in: line) == .notJSON(reason: "syntax error", column: nil))
    }

    @Test("Foundation's message is put on one line, control characters escaped")
    func syntaxMessageIsInert() {
        #expect(JSONValue.syntaxProblem("Bad escape\nin \"\u{1B}[2J\u{9B}\"\n", in: [])
            == .notJSON(reason: #"bad escape\nin "\u001b[2J\u009b""#, column: nil))
    }
}
