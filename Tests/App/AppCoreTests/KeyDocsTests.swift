import Foundation
import SpindleUI
import Terminal
import Testing
@testable import AppCore

/// The footer, the help and the docs' key tables all come from `AppKeys`: these tests make sure
/// the docs say what the bindings say. `SPINDLE_RECORD_DOCS=1 swift test --filter KeyDocsTests`
/// writes the tables into the docs instead of comparing.
@Suite("Key tables in the docs")
struct KeyDocsTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")

    @Test("docs/browser.md lists the browser's bindings", arguments: [
        ("browser.md", "browser", AppKeys.browserDocs), ("player.md", "player", AppKeys.playerDocs),
    ])
    func table(file: String, name: String, sections: [AppCommandSection]) throws {
        let url = Self.docs.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = "<!-- keys: \(name) (generated from AppKeys: SPINDLE_RECORD_DOCS=1 swift test --filter KeyDocsTests) -->\n"
        let end = "<!-- end of keys -->"
        guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex) else {
            Issue.record("\(file) has no generated key table (\(start))")
            return
        }
        let table = KeyHelp.markdownTable(sections.map(\.section))
        if ProcessInfo.processInfo.environment["SPINDLE_RECORD_DOCS"] == "1" {
            try (text[..<open.upperBound] + table + text[close.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(text[open.upperBound..<close.lowerBound]) == table, "\(file): SPINDLE_RECORD_DOCS=1 to regenerate")
    }

    @Test("every key the key map acts on is in the help, and the footer only offers what is enabled")
    func footerFromBindings() {
        let state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let footer = AppFixtures.render(state).rowText(23)
        #expect(footer.hasPrefix(" / search  Enter play  ? help  q quit  o downloads"))
        #expect(footer.hasSuffix("1 / 50+"))
        #expect(!footer.contains("retry"))
        let help = KeyHelp.lines(AppKeys.helpSections(for: state).sections())
        #expect(help.contains(.binding(label: "PgDn Ctrl+F Space", description: "down a screen")))
        #expect(help.contains(.binding(label: "i", description: "details of the selected title")))
        for key in [Key.character(" "), .pageDown, .control("f"), .character("i"), .character("G")] {
            #expect(KeyMap.event(for: key, in: state) != nil)
            #expect(AppKeys.sections(for: state).bindings().contains { $0.matches(key) }, "\(key.name) is documented")
        }
    }

    @Test("the player offers s skip intro only in an intro the title has")
    func skipIntroOffer() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.enter], to: &state)
        let title = state.player!.title
        #expect(!AppFixtures.render(state).rowText(23).contains("skip"), "before the intro")
        AppReducer.reduce(&state, .player(.positionAdvanced(to: title.introStart + 1)))
        #expect(AppFixtures.render(state).rowText(23).contains("s skip"))
        #expect(KeyMap.event(for: .character("s"), in: state) == .player(.skipIntroRequested))
    }
}
