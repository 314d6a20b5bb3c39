import Catalog
import Terminal

/// A title's details (Enter on the list).
enum DetailView {
    static func render(_ title: Title, on canvas: any Canvas) {
        let width = canvas.size.columns
        canvas.putRow(" " + title.title, row: 0, style: Theme.header)
        let lines: [(String, String)] = [
            ("Year", String(title.year)),
            ("Genre", title.genre),
            ("Length", Formatting.duration(title.duration)),
            ("Intro", "\(Formatting.clock(title.introStart)) – \(Formatting.clock(title.introEnd))"),
            ("Credits", "from \(Formatting.clock(title.creditsStart))"),
        ]
        for (offset, line) in lines.enumerated() where offset + 2 < canvas.size.rows - 1 {
            canvas.put(line.0, row: offset + 2, column: 2, style: Theme.label, width: 9)
            canvas.put(line.1, row: offset + 2, column: 12, style: .plain, width: max(width - 13, 0))
        }
        canvas.putRow(" Esc back  ? help  q quit", row: canvas.size.rows - 1, style: Theme.footer)
    }
}
