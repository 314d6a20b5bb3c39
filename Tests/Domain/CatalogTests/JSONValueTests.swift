import Testing
@testable import Catalog
@testable import CatalogFile
@testable import JSON

@Suite("Strict JSON, parsed into values")
struct JSONValueTests {
    /// `text` parsed as one catalog line.
    static func value(_ text: String) throws(CatalogFileError.Problem) -> JSONValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(CatalogFileError.Problem) in try JSONValue.parse(buffer) }
    }

    /// Why `text` is not JSON, as the user reads it after "not valid JSON: ".
    static func problem(_ text: String) -> String? {
        do {
            _ = try value(text)
            return nil
        } catch {
            return error.description.replacing("not valid JSON: ", with: "", maxReplacements: 1)
        }
    }

    @Test("numbers are sorted by how they were written, booleans apart")
    func numbers() throws {
        #expect(try Self.value("true") == .bool(true))
        #expect(try Self.value("false") == .bool(false))
        #expect(try Self.value("0") == .integer(0))
        #expect(try Self.value("-0") == .integer(0))
        #expect(try Self.value("1") == .integer(1))
        #expect(try Self.value("-5") == .integer(-5))
        #expect(try Self.value("1.0") == .number("1.0"))
        #expect(try Self.value("1.5") == .number("1.5"))
        #expect(try Self.value("-0.25") == .number("-0.25"))
        #expect(try Self.value("1.999e3") == .number("1999.0"))
        #expect(try Self.value("1E2") == .number("100.0"))
        #expect(try Self.value("25e-1") == .number("2.5"))
        #expect(try Self.value("1e+2") == .number("100.0"))
    }

    @Test("integers past Int's range keep their digits, as do numbers past Double's")
    func bigNumbers() throws {
        #expect(try Self.value("9223372036854775807") == .integer(.max))
        #expect(try Self.value("-9223372036854775808") == .integer(.min))
        #expect(try Self.value("9223372036854775808") == .number("9223372036854775808"))
        #expect(try Self.value("-9223372036854775809") == .number("-9223372036854775809"))
        #expect(try Self.value("99999999999999999999") == .number("99999999999999999999"))
        #expect(try Self.value("1e400") == .number("1e400"))
    }

    @Test("objects, arrays, strings and null, with whitespace anywhere between tokens")
    func others() throws {
        #expect(try Self.value("null") == .null)
        #expect(try Self.value(#""1999""#) == .string("1999"))
        #expect(try Self.value("[]") == .array([]))
        #expect(try Self.value("{}") == .object([:]))
        #expect(try Self.value(" [1, \"a\",\t[null], {\"b\": false}]\r") == .array([
            .integer(1), .string("a"), .array([.null]), .object(["b": .bool(false)]),
        ]))
        #expect(try Self.value(#"{"a": 1, "b": {"c": [true]}}"#)
            == .object(["a": .integer(1), "b": .object(["c": .array([.bool(true)])])]))
    }

    @Test("of duplicate keys, the last one wins")
    func duplicateKeys() throws {
        #expect(try Self.value(#"{"a": 1, "b": 2, "a": "last"}"#) == .object(["a": .string("last"), "b": .integer(2)]))
    }

    /// `text` parsed as one catalog line, into its fields (nil when not an object).
    static func fields(_ text: String) throws(CatalogFileError.Problem) -> JSONFields? {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(CatalogFileError.Problem) in try JSONValue.parseFields(buffer) }
    }

    @Test("an object's fields, read in order: the values parse reads, the last of duplicate keys, its errors; nil for anything but an object")
    func fields() throws {
        let line = #" {"a": 1, "b": {"c": [true]}, "d": "é", "a": "last", "e": null} "#
        let fields = try #require(try Self.fields(line))
        #expect(fields.pairs.map(\.key) == ["a", "b", "d", "a", "e"])
        guard case .object(let object) = try Self.value(line) else { Issue.record("not an object"); return }
        for (key, value) in object { #expect(fields[key] == value, "\(key)") }
        #expect(fields["a"] == .string("last"))
        #expect(fields["e"] == .null)
        #expect(fields["f"] == nil)
        #expect(try Self.fields("{}")?.pairs.isEmpty == true)
        for other in ["[1]", "null", #""{}""#, "12"] { #expect(try Self.fields(other) == nil, "\(other)") }
        for text in [#"{"a": 1,}"#, #"{"a": 1"#, #"{"a" 1}"#, "{} x", #"{"a": [1, 2"#, "[1] x", "{\"a\": \"\u{0}\"}"] {
            var expected: CatalogFileError.Problem?
            do { _ = try Self.value(text) } catch { expected = error }
            #expect(throws: try #require(expected), "\(text)") { try Self.fields(text) }
        }
    }

    @Test("every escape, and UTF-8 kept as it is")
    func escapes() throws {
        #expect(try Self.value(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{8} \u{C} \n \r \t"))
        #expect(try Self.value(#""\u0041\u00e9\u00E9\u001b\u0000""#) == .string("Aéé\u{1B}\u{0}"))
        #expect(try Self.value(#""東京 café 🎬""#) == .string("東京 café 🎬"))
        #expect(try Self.value(#""a\"b""#) == .string("a\"b"))
    }

    @Test("a surrogate pair is one scalar; a lone surrogate is refused")
    func surrogates() throws {
        #expect(try Self.value(#""\ud83c\udfac""#) == .string("🎬"))
        #expect(try Self.value(#""\uD83D\uDE80!""#) == .string("🚀!"))
        #expect(Self.problem(#""\ud83c""#)
            == #"lone surrogate \ud83c (a high surrogate needs a low one after it) (column 2)"#)
        #expect(Self.problem(#""\ud83c\u0041""#)
            == #"lone surrogate \ud83c (a high surrogate needs a low one after it) (column 2)"#)
        #expect(Self.problem(#""ab\udfac""#)
            == #"lone surrogate \udfac (a low surrogate needs a high one before it) (column 4)"#)
    }

    @Test("each syntax error has a reason and the column where it is, counted in characters")
    func syntaxErrors() {
        let cases: [(String, String)] = [
            (#"{"a": 1,}"#, "trailing comma (column 8)"),
            ("[1, 2, ]", "trailing comma (column 6)"),
            (#"{"a": "bc"#, "unterminated string (column 7)"),
            (#"{"a": "b\"#, "unterminated string (column 7)"),
            (#"{"a": "b\u12"#, "unterminated string (column 7)"),
            (#"["\ud83c\u"#, "unterminated string (column 2)"),
            (#"{"a": [1, 2"#, "unterminated array (column 7)"),
            (#"{"a": 1"#, "unterminated object (column 1)"),
            (#"{"a" 1}"#, #"unexpected character "1", expected ":" (column 6)"#),
            (#"{a: 1}"#, #"unexpected character "a", expected a string key or "}" (column 2)"#),
            (#"{"a": 1, 2}"#, #"unexpected character "2", expected a string key (column 10)"#),
            ("[1 2]", #"unexpected character "2", expected "," or "]" (column 4)"#),
            (#"{"é": ☃}"#, #"unexpected character "☃", expected a value (column 7)"#),
            ("[1] x", #"unexpected character "x", expected the end of the line after the value (column 5)"#),
            (#"{"a": yes}"#, #"unexpected word "yes", expected a value (text needs quotes) (column 7)"#),
            ("[True]", #"unexpected word "True", expected a value (text needs quotes) (column 2)"#),
            ("[01]", "leading zero in a number (column 2)"),
            ("[-01]", "leading zero in a number (column 2)"),
            ("[-]", "invalid number, expected a digit (column 3)"),
            ("[1.]", "invalid number, expected a digit (column 4)"),
            ("[.5]", #"unexpected character ".", expected a value (column 2)"#),
            ("[1e]", "invalid number, expected a digit (column 4)"),
            ("[+1]", #"unexpected character "+", expected a value (column 2)"#),
            (#"["a\qb"]"#, #"unexpected character "q", expected an escape (one of \" \\ \/ \b \f \n \r \t \u) after a backslash (column 5)"#),
            (#"["\u12G4"]"#, #"unexpected character "G", expected 4 hex digits after "\u" (column 7)"#),
            ("[\"a\tb\"]", "unescaped control character U+0009 in a string (column 4)"),
            ("[\"a\u{1F}\"]", "unescaped control character U+001F in a string (column 4)"),
            ("[\"é\u{0}\"]", "unescaped NUL character (column 4)"),
        ]
        for (text, reason) in cases {
            #expect(Self.problem(text) == reason, "\(text)")
        }
    }

    @Test("nesting up to 64 levels is fine; deeper is refused")
    func nesting() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try Self.value(deepest) }
        #expect(Self.problem("[" + deepest + "]") == "nesting deeper than 64 levels (column 65)")
        let objects = String(repeating: #"{"a":"#, count: 600)
        #expect(Self.problem(objects) == "nesting deeper than 64 levels (column 321)")
    }

    @Test("16,000 levels of a catalog line are refused in one short line that names the column")
    func hostileNesting() {
        let line = String(repeating: #"{"a":["#, count: 8_000) + "1" + String(repeating: "]}", count: 8_000)
        let reason = Self.problem(line)
        #expect(reason == "nesting deeper than 64 levels (column 193)")
        #expect((reason?.count ?? 0) < 200)
    }

    @Test("a hostile value in a reason is quoted, its control characters escaped")
    func hostileReason() {
        #expect(Self.problem("[\u{1B}[2J]") == #"unexpected character "\u001b", expected a value (column 2)"#)
        #expect(Self.problem("[\u{9B}]") == #"unexpected character "\u009b", expected a value (column 2)"#)
    }
}

@Suite("Writing JSON (the commands sent to mpv) and reading it back")
struct JSONValueWritingTests {
    @Test("a command is one line of JSON")
    func command() {
        let command: [JSONValue] = ["loadfile", "/srv/clip.mkv", "replace", "start=12"]
        #expect(command.jsonText == #"["loadfile","/srv/clip.mkv","replace","start=12"]"#)
        #expect(([6, JSONValue(1.5), JSONValue(6.0), true, .null] as [JSONValue]).jsonText == "[6,1.5,6,true,null]")
        #expect(JSONValue.object(["b": 1, "a": .array(["x"])]).jsonText == #"{"a":["x"],"b":1}"#)
        #expect(JSONValue(Double.infinity) == .null)
    }

    @Test("quotes, backslashes, newlines and control characters are escaped; unicode goes out as UTF-8")
    func escaping() {
        let path = "/srv/\"quoted\" \\ back\nnew\tline\u{1}\u{7F} été 🎬"
        let text = JSONValue.string(path).jsonText
        #expect(text == #""/srv/\"quoted\" \\ back\nnew\tline\u0001\u007f"# + " été 🎬\"")
        #expect(!text.contains("\n"))
    }

    @Test("what is written parses back to the same value")
    func roundTrip() throws {
        let value: JSONValue = .object([
            "path": .string("a\"b\\c\nd\re\u{0}f\u{1F}g/h ü 中 🎬"), "n": 12, "x": JSONValue(12.5), "ok": false,
        ])
        let bytes = Array(value.jsonText.utf8)
        #expect(try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) } == value)
    }

    @Test("the accessors read what they name, and nil for anything else")
    func accessors() {
        #expect(JSONValue.integer(3).double == 3)
        #expect(JSONValue.number("2.5").double == 2.5)
        #expect(JSONValue.string("2.5").double == nil)
        #expect(JSONValue.bool(true).bool == true)
        #expect(JSONValue.string("s").string == "s")
        #expect(JSONValue.array([1]).array == [1])
        #expect(JSONValue.object(["k": "v"])["k"] == "v")
        #expect(JSONValue.array([])["k"] == nil)
    }
}
