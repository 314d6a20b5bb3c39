import Foundation
import Testing
@testable import AppConfig

/// docs/config.md's tables of command names and theme roles come from the bindings and the
/// default theme. `SPINDLE_RECORD_DOCS=1 swift test --filter KeyDocsTests` writes them again.
@Suite("Command names and theme roles in docs/config.md", .serialized)
struct ConfigKeyDocsTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/config.md")

    @Test("docs/config.md lists every command name and every role", arguments: [
        ("commands", SpindleConfig.commandTable), ("roles", SpindleConfig.roleTable),
    ])
    func table(name: String, table: String) throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let start = "<!-- \(name) (generated: SPINDLE_RECORD_DOCS=1 swift test --filter KeyDocsTests) -->\n"
        let end = "<!-- end of \(name) -->"
        guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex) else {
            Issue.record("docs/config.md has no generated \(name) table (\(start))")
            return
        }
        if ProcessInfo.processInfo.environment["SPINDLE_RECORD_DOCS"] == "1" {
            try (text[..<open.upperBound] + table + text[close.lowerBound...]).write(to: Self.file, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[open.upperBound..<close.lowerBound]) == table, "SPINDLE_RECORD_DOCS=1 to regenerate")
    }
}
