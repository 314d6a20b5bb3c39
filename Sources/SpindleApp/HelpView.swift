import Terminal

/// Every key binding, in a box over the screen (`?`; any key closes it).
enum HelpView {
    static func render(on canvas: any Canvas) {
        let bindings = KeyMap.bindings
        let keyWidth = bindings.map { DisplayText.width($0.keys) }.max() ?? 0
        let lines = ["Keys", ""] + bindings.map { DisplayText.fitted($0.keys, toWidth: keyWidth) + "  " + $0.action }
            + ["", "Any key closes this help."]
        let boxWidth = min((lines.map { DisplayText.width($0) }.max() ?? 0) + 4, canvas.size.columns)
        let boxHeight = min(lines.count + 2, canvas.size.rows)
        let top = max((canvas.size.rows - boxHeight) / 2, 0)
        let left = max((canvas.size.columns - boxWidth) / 2, 0)
        canvas.fill(Rect(row: top, column: left, rows: boxHeight, columns: boxWidth), with: " ", style: .plain)
        canvas.put("┌" + String(repeating: "─", count: max(boxWidth - 2, 0)) + "┐", row: top, column: left)
        for row in 1..<max(boxHeight - 1, 1) {
            canvas.put("│", row: top + row, column: left)
            canvas.put("│", row: top + row, column: left + boxWidth - 1)
            let index = row - 1
            if index < lines.count {
                canvas.put(lines[index], row: top + row, column: left + 2, style: index == 0 ? Theme.label : .plain,
                           width: boxWidth - 4)
            }
        }
        canvas.put("└" + String(repeating: "─", count: max(boxWidth - 2, 0)) + "┘", row: top + boxHeight - 1, column: left)
    }
}
