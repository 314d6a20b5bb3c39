import Testing
@testable import AppConfig

@Suite("The configuration's TOML")
struct TOMLParserTests {
    @Test("tables, dotted keys, inline tables, lists over lines, strings, integers, booleans, comments")
    func values() throws {
        let entries = try TOMLParser.parse("""
            # a comment
            [browse]
            page-size = 1_000   # a comment after
            folders = [
              "~/Videos",  # one
              'C:\\raw',
            ]
            mouse = false
            [keys]
            list.down = "n"
            "list".up = ["k", "ctrl+p"]
            [theme]
            header = { foreground = "#5fafff", attributes = ["bold"] }
            """)
        #expect(entries.map(\.dottedPath) == [
            "browse.page-size", "browse.folders", "browse.mouse", "keys.list.down", "keys.list.up",
            "theme.header.foreground", "theme.header.attributes",
        ])
        #expect(entries[0].value == .integer(1000) && entries[0].line == 3)
        #expect(entries[1].value == .array([.string("~/Videos"), .string("C:\\raw")]) && entries[1].line == 4)
        #expect(entries[2].value == .boolean(false) && entries[2].line == 8)
        #expect(entries[5].line == 13)
    }

    @Test("mistakes say their line", arguments: [
        ("a = 1\nb = \"open\n", 2, "a string is not closed on its line"),
        ("[browse]\npage-size = 5\npage-size = 6", 3, "browse.page-size is set twice (first on line 2)"),
        ("\n\n[[keys]]", 3, "arrays of tables ([[…]]) are not supported"),
        ("x = yes", 1, "yes is not a value this file takes (strings need quotes; no floats or dates)"),
        ("x = \"\u{1B}[2J\"", 1, "a control character in a string"),
        ("x = truth", 1, "truth is not a value (a string needs quotes)"),
        ("x = 1 2", 1, "unexpected text after the value"),
    ])
    func mistakes(text: String, line: Int, reason: String) {
        #expect(throws: TOMLError(line: line, reason: reason)) { try TOMLParser.parse(text) }
    }

    /// `a={b={…=1}}` with `depth` inline tables.
    static func nestedTables(_ depth: Int) -> String {
        "a=" + String(repeating: "{b=", count: depth) + "1" + String(repeating: "}", count: depth)
    }

    @Test("inline tables, lists, and the two mixed nest 64 levels")
    func deepestAccepted() throws {
        let tables = try TOMLParser.parse(Self.nestedTables(64))
        #expect(tables.map(\.path.count) == [65])
        let lists = try TOMLParser.parse("x = " + String(repeating: "[", count: 64) + "1" + String(repeating: "]", count: 64))
        #expect(lists.count == 1)
        let mixed = try TOMLParser.parse("\n[t]\nx = " + String(repeating: "{ y = ", count: 32) + String(repeating: "[", count: 32)
            + "2" + String(repeating: "]", count: 32) + String(repeating: " }", count: 32))
        #expect(mixed.map(\.line) == [3] && mixed[0].path.count == 34)
    }

    @Test("16,000 levels of inline tables, lists or both are refused in one short line naming line and column",
          arguments: [
              ("", Self.nestedTables(16_000), 1, 3 + 3 * 64),
              ("x = 1\n", "y = [" + String(repeating: "[", count: 16_000), 2, 5 + 64),
              ("\n\n", "z = " + String(repeating: "{a = ", count: 32) + String(repeating: "[", count: 16_000), 3, 5 + 5 * 32 + 32),
          ])
    func deepRefused(before: String, text: String, line: Int, column: Int) {
        let reason = "inline tables and lists nest deeper than 64 levels (column \(column))"
        #expect(throws: TOMLError(line: line, reason: reason)) { try TOMLParser.parse(before + text) }
        #expect(reason.count < 200)
    }
}
