import Foundation
import TestSupport
import Testing
import Catalog
import CatalogFile

@Suite("Catalog files in JSON Lines")
struct JSONLinesCatalogTests {
    /// The fields of a valid line, in documented order, as JSON text.
    static let validFields: KeyValuePairs<String, String> = [
        "id": #""a1""#, "title": #""Alpha""#, "year": "1999", "genre": #""Drama""#,
        "duration": "7200", "intro_start": "60", "intro_end": "120", "credits_start": "7000",
    ]

    /// A valid line with some fields given other JSON values, or left out (nil).
    static func line(_ changes: [String: String?] = [:]) -> String {
        let fields = validFields.compactMap { key, value -> String? in
            let changed: String? = if let change = changes[key] { change } else { value }
            return changed.map { "\"\(key)\": \($0)" }
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// The error message for a file made of `lines`, or nil if it loads.
    static func problem(_ lines: [String], file: String = "catalog.jsonl") -> String? {
        do {
            _ = try JSONLinesCatalog(data: Data(lines.joined(separator: "\n").utf8), file: file)
            return nil
        } catch {
            return error.description
        }
    }

    /// The error for a file whose fourth line (after a valid one, a blank and another valid one)
    /// has the given changes.
    static func problem(_ changes: [String: String?]) -> String? {
        var changes = changes
        if changes["id"] == nil { changes["id"] = #""c3""# }
        return problem([line(), "", line(["id": #""b2""#]), line(changes)])
    }

    @Test("a valid file loads, blank lines and CRLF line ends allowed")
    func valid() throws {
        let text = Self.line() + "\r\n\r\n   \n" + Self.line(["id": #""b2""#, "title": #""Beta""#]) + "\n"
        let catalog = try JSONLinesCatalog(data: Data(text.utf8), file: "catalog.jsonl")
        #expect(catalog.titles == [
            Title(id: "a1", title: "Alpha", year: 1999, genre: "Drama", duration: 7200,
                  introStart: 60, introEnd: 120, creditsStart: 7000),
            Title(id: "b2", title: "Beta", year: 1999, genre: "Drama", duration: 7200,
                  introStart: 60, introEnd: 120, creditsStart: 7000),
        ])
    }

    @Test("unknown fields are ignored, and an empty intro or no credits are fine")
    func lenient() throws {
        let text = Self.line(["intro_start": "0", "intro_end": "0", "credits_start": "7200"])
            .dropLast() + #", "director": "Someone"}"#
        let catalog = try JSONLinesCatalog(data: Data(text.utf8), file: "catalog.jsonl")
        #expect(catalog.titles.first?.introEnd == 0)
    }

    @Test("the embedded catalog survives a round trip through a file, hostile titles included")
    func roundTrip() throws {
        let titles = EmbeddedCatalog.titles
        let folder = try TempFolder(prefix: "spindle-catalog")
        let path = folder.file("titles.jsonl")
        try JSONLinesCatalog.write(titles, toFile: path)
        let loaded = try JSONLinesCatalog(contentsOfFile: path)
        #expect(loaded.titles == titles)
        #expect(loaded.file == path)
    }

    @Test("the file it writes is safe to print: control characters are escaped")
    func escapedOutput() throws {
        let data = JSONLinesCatalog.encode(EmbeddedCatalog.titles)
        let text = String(decoding: data, as: UTF8.self)
        let rawControls = text.unicodeScalars.filter {
            $0 != "\n" && ($0.value < 0x20 || (0x7F ... 0x9F).contains($0.value))
        }
        #expect(rawControls.isEmpty)
        #expect(text.contains(#"Screen Wipe \u001b[2J"#))
        #expect(text.split(separator: "\n").count == EmbeddedCatalog.titles.count)
    }

    @Test("a written line decodes as Title's Codable form too")
    func codableAgrees() throws {
        let title = EmbeddedCatalog.titles[25]
        let decoded = try JSONDecoder().decode(Title.self, from: Data(JSONLinesCatalog.line(for: title).utf8))
        #expect(decoded == title)
    }

    // MARK: - One test per kind of error, with the exact message.

    @Test("a field of the wrong type is named, with what was found")
    func wrongType() {
        #expect(Self.problem(["year": #""abc""#]) == #"catalog.jsonl:4: field "year" must be an integer, got "abc""#)
        #expect(Self.problem(["title": "42"]) == #"catalog.jsonl:4: field "title" must be a string, got 42"#)
        #expect(Self.problem(["duration": "5400.5"]) == #"catalog.jsonl:4: field "duration" must be an integer, got 5400.5"#)
        #expect(Self.problem(["genre": "null"]) == #"catalog.jsonl:4: field "genre" must be a string, got null"#)
    }

    @Test("types are strict: no numbers in quotes, no fractions or exponents, no booleans for numbers")
    func strictTypes() {
        let year = #"catalog.jsonl:4: field "year" must be an integer, got "#
        #expect(Self.problem(["year": #""1999""#]) == year + #""1999""#)
        #expect(Self.problem(["year": "1999.5"]) == year + "1999.5")
        #expect(Self.problem(["year": "1999.0"]) == year + "1999.0")
        #expect(Self.problem(["year": "1.999e3"]) == year + "1999.0")  // as Double prints it
        #expect(Self.problem(["year": "true"]) == year + "true")
        #expect(Self.problem(["year": "99999999999999999999"]) == year + "99999999999999999999")
        #expect(Self.problem(["year": "[1999]"]) == year + "an array")
        #expect(Self.problem(["intro_start": "false"]) == #"catalog.jsonl:4: field "intro_start" must be an integer, got false"#)
        #expect(Self.problem(["intro_start": "0.0"]) == #"catalog.jsonl:4: field "intro_start" must be an integer, got 0.0"#)
        #expect(Self.problem(["title": "1"]) == #"catalog.jsonl:4: field "title" must be a string, got 1"#)
        #expect(Self.problem(["title": "true"]) == #"catalog.jsonl:4: field "title" must be a string, got true"#)
        #expect(Self.problem(["genre": "{}"]) == #"catalog.jsonl:4: field "genre" must be a string, got an object"#)
    }

    @Test("0 and 1 are integers, not booleans")
    func zeroAndOne() throws {
        let text = Self.line(["intro_start": "0", "intro_end": "1"])
        let catalog = try JSONLinesCatalog(data: Data(text.utf8), file: "catalog.jsonl")
        #expect(catalog.titles.first?.introStart == 0)
        #expect(catalog.titles.first?.introEnd == 1)
    }

    @Test("a missing field is named")
    func missingField() {
        #expect(Self.problem(["title": String?.none]) == #"catalog.jsonl:4: missing field "title""#)
        #expect(Self.problem(["credits_start": String?.none]) == #"catalog.jsonl:4: missing field "credits_start""#)
    }

    @Test("a line that is not JSON says why, and where")
    func notJSON() throws {
        let cases: [(lines: [String], message: String)] = [
            ([Self.line(), #"{"id": "a2", "title": "x","#],
             "catalog.jsonl:2: not valid JSON: unterminated object (column 1)"),
            ([#"{"id": "a1" "title": "x"}"#],
             #"catalog.jsonl:1: not valid JSON: unexpected character "\"", expected "," or "}" (column 13)"#),
            ([#"{"title": "東京", "year": ☃}"#],
             #"catalog.jsonl:1: not valid JSON: unexpected character "☃", expected a value (column 25)"#),
            ([#"{"title": "x"} {"#],
             #"catalog.jsonl:1: not valid JSON: unexpected character "{", expected the end of the line after the value (column 16)"#),
            ([#"{"id": "a1", "title": "x", }"#], "catalog.jsonl:1: not valid JSON: trailing comma (column 26)"),
            ([#"{"id": "a1", "title": "x"#], "catalog.jsonl:1: not valid JSON: unterminated string (column 23)"),
        ]
        for (lines, message) in cases {
            #expect(Self.problem(lines) == message)
        }
    }

    @Test("a trailing comma is refused, though Foundation on Linux accepted it")
    func trailingComma() {
        #expect(Self.problem([String(Self.line().dropLast()) + ",}"])
            == "catalog.jsonl:1: not valid JSON: trailing comma (column \(Self.line().count))")
    }

    @Test("of duplicate keys, the last one counts")
    func duplicateKeys() throws {
        let text = Self.line().dropLast() + #", "year": 2001}"#
        let catalog = try JSONLinesCatalog(data: Data(text.utf8), file: "catalog.jsonl")
        #expect(catalog.titles.first?.year == 2001)
    }

    @Test("a reason stays on one line, with control characters from the file escaped")
    func hostileSyntaxError() throws {
        // A broken \u escape followed by an escape sequence.
        let message = try #require(Self.problem(["{\"title\": \"\\u\u{1B}[2J\"}"]))
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) })
        #expect(message == #"catalog.jsonl:1: not valid JSON: unexpected character "\u001b", expected 4 hex digits after "\u" (column 14)"#)
    }

    @Test("a raw NUL is refused, so a line in UTF-16 is not taken for JSON")
    func nulCharacter() {
        #expect(Self.problem(["{\"title\": 1}\u{0}"]) == "catalog.jsonl:1: not valid JSON: unescaped NUL character (column 13)")
        // ASCII in UTF-16LE is valid UTF-8, with a NUL after each character.
        let utf16 = Data(Self.line().utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(throws: CatalogFileError(file: "catalog.jsonl", line: 1,
                                         problem: .notJSON(reason: "unescaped NUL character", column: 2))) {
            try JSONLinesCatalog(data: utf16, file: "catalog.jsonl")
        }
    }

    @Test("a JSON value that is not an object is refused")
    func notAnObject() {
        #expect(Self.problem(["[1, 2]"]) == "catalog.jsonl:1: expected a JSON object for one title, got an array")
    }

    @Test("an empty title is refused")
    func emptyTitle() {
        #expect(Self.problem(["title": #""  ""#]) == #"catalog.jsonl:4: field "title" must not be empty"#)
    }

    @Test("a duration must be positive")
    func duration() {
        #expect(Self.problem(["duration": "0"]) == #"catalog.jsonl:4: field "duration" must be greater than 0, got 0"#)
    }

    @Test("a year must be plausible")
    func year() {
        #expect(Self.problem(["year": "20201"]) == #"catalog.jsonl:4: field "year" must be between 1870 and 2100, got 20201"#)
    }

    @Test("time marks must not be negative")
    func negativeMark() {
        #expect(Self.problem(["intro_start": "-5"]) == #"catalog.jsonl:4: field "intro_start" must be 0 or more, got -5"#)
    }

    @Test("the intro must end after it starts")
    func introOrder() {
        #expect(Self.problem(["intro_start": "120", "intro_end": "95"])
            == "catalog.jsonl:4: intro_end (95) is before intro_start (120)")
    }

    @Test("the credits must start after the intro ends")
    func creditsOrder() {
        #expect(Self.problem(["credits_start": "50"]) == "catalog.jsonl:4: credits_start (50) is before intro_end (120)")
    }

    @Test("marks must fall within the duration")
    func marksWithinDuration() {
        #expect(Self.problem(["credits_start": "7300"])
            == "catalog.jsonl:4: credits_start (7300) is after the end of the title (duration 7200)")
        #expect(Self.problem(["duration": "100"])
            == "catalog.jsonl:4: intro_end (120) is after the end of the title (duration 100)")
    }

    @Test("an id may be used once")
    func duplicateID() {
        #expect(Self.problem([Self.line(), "", Self.line()]) == #"catalog.jsonl:3: id "a1" is already used on line 1"#)
    }

    @Test("bytes that are not UTF-8 are refused")
    func notUTF8() throws {
        var data = Data(Self.line().utf8)
        data.append(contentsOf: [0x0A, 0x7B, 0xFF, 0x7D])
        #expect(throws: CatalogFileError(file: "catalog.jsonl", line: 2, problem: .notUTF8)) {
            try JSONLinesCatalog(data: data, file: "catalog.jsonl")
        }
        #expect(CatalogFileError.Problem.notUTF8.description == "not valid UTF-8 text")
    }

    @Test("hostile values are quoted with their control characters escaped")
    func hostileValue() {
        #expect(Self.problem(["year": #""\u001b[2J""#]) == #"catalog.jsonl:4: field "year" must be an integer, got "\u001b[2J""#)
    }

    @Test("an empty or missing file is refused as a whole")
    func wholeFile() {
        #expect(Self.problem(["", "  "], file: "empty.jsonl") == "empty.jsonl: the file holds no titles")
        #expect(throws: CatalogFileError(file: "/no/such/catalog.jsonl", line: nil, problem: .unreadable(reason: "no such file"))) {
            try JSONLinesCatalog(contentsOfFile: "/no/such/catalog.jsonl")
        }
    }
}
