import Library
@testable import AppLibrary
import Synchronization
import Testing

/// The lines a first import prints before the terminal is drawn.
@Suite("An import's progress line")
struct ImportProgressLineTests {
    /// A line whose output is kept.
    static func line(inPlace: Bool) -> (ImportProgressLine, @Sendable () -> String) {
        let written = Mutex("")
        let line = ImportProgressLine(header: "spindle: importing a\u{1B}]2;x\u{07}.jsonl…", inPlace: inPlace) { text in
            written.withLock { $0 += text }
        }
        return (line, { written.withLock { $0 } })
    }

    @Test("on a terminal: nothing before it is shown, then the header and one line written again in place, ended by a line break")
    func onATerminal() {
        let (line, written) = Self.line(inPlace: true)
        line.report(.reading(lines: 10, bytes: 10, size: 100))
        #expect(written() == "")
        line.show()
        #expect(written() == "spindle: importing a␛]2;x␇.jsonl…\n\r  10% read (10 lines)")
        line.report(.reading(lines: 10, bytes: 10, size: 100))
        line.report(.reading(lines: 1_000, bytes: 100, size: 100))
        line.report(.saving)
        #expect(written().hasSuffix("\r  10% read (10 lines)\r  100% read (1,000 lines)\r  saving" + String(repeating: " ", count: 17)),
                "the same text is not written twice; a shorter one covers the longer one's end")
        line.finish()
        line.report(.searchIndex(alongside: false))
        line.show()
        #expect(written().hasSuffix("saving" + String(repeating: " ", count: 17) + "\n"), "nothing after the end")
    }

    @Test("elsewhere: the header alone; an import over before it is shown prints nothing")
    func elsewhere() {
        let (line, written) = Self.line(inPlace: false)
        line.show()
        line.report(.indexing(index: 1, count: 8))
        line.finish()
        #expect(written() == "spindle: importing a␛]2;x␇.jsonl…\n")

        let (quick, quickWritten) = Self.line(inPlace: true)
        quick.report(.saving)
        quick.finish()
        quick.show()
        #expect(quickWritten() == "")
    }
}
