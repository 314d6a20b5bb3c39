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
}
