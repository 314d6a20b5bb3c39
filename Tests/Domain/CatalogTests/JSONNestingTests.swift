import Testing
@testable import Catalog
@testable import JSON

@Suite("The depth check before Foundation's decoder")
struct JSONNestingTests {
    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: #"{"a":["#, count: depth / 2) + (depth % 2 == 1 ? "{}" : "1")
            + String(repeating: "]}", count: depth / 2)).utf8)
    }

    @Test("64 levels, objects and arrays mixed, pass; the 65th opening is where it stops")
    func limit() {
        #expect(JSONNesting.tooDeep(Self.nested(64)) == nil)
        #expect(JSONNesting.tooDeep(Self.nested(63)) == nil)
        #expect(JSONNesting.tooDeep(Self.nested(65)) == 192)
        #expect(JSONNesting.tooDeep(Array(String(repeating: "[", count: 65).utf8)) == 64)
    }

    @Test("16,000 levels are refused at the 65th opening")
    func hostile() {
        #expect(JSONNesting.tooDeep(Self.nested(16_000)) == 192)
    }

    @Test("brackets in strings, escaped quotes among them, do not count")
    func strings() {
        let text = #"{"a":""# + String(repeating: #"[{\"\\"#, count: 100) + #"","b":[1]}"#
        #expect(JSONNesting.tooDeep(Array(text.utf8)) == nil)
        let afterEscapedQuote = #"["\"", "# + String(repeating: "[", count: 64) + "]"
        #expect(JSONNesting.tooDeep(Array(afterEscapedQuote.utf8)) == 7 + 63)
    }
}
