@testable import MPV
import Testing

@Suite("Line framing")
struct LineFramerTests {
    private func text(_ lines: [[UInt8]]) -> [String] {
        lines.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a line split across chunks comes out whole, once its newline arrives")
    func splitLine() {
        var framer = LineFramer()
        #expect(framer.append(Array(#"{"event":"#.utf8)).isEmpty)
        #expect(framer.append(Array(#""idle"}"#.utf8)).isEmpty)
        #expect(text(framer.append(Array("\n".utf8))) == [#"{"event":"idle"}"#])
    }

    @Test("several lines in one chunk, and the start of the next kept for later")
    func severalLines() {
        var framer = LineFramer()
        #expect(text(framer.append(Array("a\nbb\n\nccc".utf8))) == ["a", "bb", ""])
        #expect(text(framer.append(Array("c\n".utf8))) == ["cccc"])
    }

    @Test("a chunk of one byte at a time frames the same")
    func byteByByte() {
        var framer = LineFramer()
        var lines: [String] = []
        for byte in Array("one\ntwo\n".utf8) { lines += text(framer.append([byte])) }
        #expect(lines == ["one", "two"])
    }

    @Test("a line longer than the maximum is dropped up to its newline; the next one comes through")
    func overlongLine() {
        var framer = LineFramer(maximumLength: 8)
        #expect(framer.append(Array("0123456".utf8)).isEmpty)
        #expect(framer.append(Array("789abcdef".utf8)).isEmpty)
        #expect(text(framer.append(Array("still long\nok\n".utf8))) == ["ok"])
        #expect(text(framer.append(Array("123456789\n12345678\n".utf8))) == ["12345678"])
    }

    @Test("the default maximum is 1 MiB")
    func defaultMaximum() {
        var framer = LineFramer()
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 1)
        #expect(framer.append(long + Array("\nshort\n".utf8)).map(\.count) == [5])
    }
}
