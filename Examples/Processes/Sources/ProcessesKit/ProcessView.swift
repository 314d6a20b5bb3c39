import SpindleUI
import Terminal

/// How the browser looks: a header, the table of processes, the detail pane, a footer with the
/// key hints or the filter being typed; the help over all of it.
public enum ProcessView {
    public static func render(_ state: ProcessState, on canvas: any Canvas) {
        let layout = ProcessLayout(size: canvas.size, isDetailShown: state.isDetailShown)
        header(for: state).render(in: layout.header, on: canvas)
        TableView(table: table(sortedBy: state.sort), items: state.shown, viewport: state.list, id: "processes") { row in
            [TableCell(String(row.id)), TableCell(row.reading.user), TableCell(row.cpuText), TableCell(row.memoryText),
             TableCell(String(row.reading.state)), TableCell(String(row.reading.threads)), TableCell(row.command)]
        }.render(in: layout.table, on: canvas)
        if state.isDetailShown { renderDetail(of: state.selected, at: state.times, in: layout.detail, on: canvas) }
        let help = Help(sections: ProcessKeys.sections(in: state), footnote: "Any key closes this help.")
        if let input = state.filterInput {
            input.render(in: layout.footer.insetBy(rows: 0, columns: 1), on: canvas)
        } else {
            help.renderShort(in: layout.footer, on: canvas)
        }
        if state.isHelpShown { help.renderFull(in: Rect(size: canvas.size), on: canvas) }
    }

    /// " Processes · 12 of 301 · by CPU · "sleep"" on the left, "3 / 12" on the right.
    static func header(for state: ProcessState) -> StatusLine {
        let filter = state.filter.isEmpty ? "" : " of \(state.rows.count) · “\(state.filter)”"
        let summary = state.error ?? "\(state.shown.count)\(filter) · by \(state.sort.title)"
        let position = PositionText(state.list.count == 0 ? 0 : state.list.selection + 1, of: state.list.count)
        return StatusLine(left: " Processes · " + summary, right: position.text + " ", style: ProcessStyles.header)
    }

    /// The columns, the sorted one marked; the less useful ones give way on narrow screens.
    static func table(sortedBy sort: ProcessSort) -> Table {
        var columns = [
            TableColumn("PID", width: .fixed(7), alignment: .trailing),
            TableColumn("USER", width: .fixed(8), showsFrom: 44),
            TableColumn("CPU%", width: .fixed(6), alignment: .trailing),
            TableColumn("MEM", width: .fixed(8), alignment: .trailing, showsFrom: 32),
            TableColumn("S", width: .fixed(1), showsFrom: 56),
            TableColumn("THR", width: .fixed(3), alignment: .trailing, showsFrom: 60),
            TableColumn("COMMAND", width: .flexible(min: 8, max: 4096, weight: 8)),
        ]
        columns[[ProcessSort.pid: 0, .cpu: 2, .memory: 3, .name: 6][sort]!].title += "▾"
        return Table(columns: columns, spacing: 1)
    }

    /// A titled box: the process's fields, then its CPU over the last samples.
    static func renderDetail(of row: ProcessRow?, at times: CPUTimes?, in area: Rect, on canvas: any Canvas) {
        let block = Block(title: row.map { " \($0.id) · \($0.reading.name) " } ?? " No process ", border: .rounded,
                          padding: Size(rows: 0, columns: 1))
        block.render(in: area, on: canvas)
        guard let row else { return }
        let fields = Paragraph.fields([
            ("Command", row.command), ("User", "\(row.reading.user) (uid \(row.reading.uid))"), ("State", row.stateName),
            ("Threads", String(row.reading.threads)), ("Memory", row.memoryText),
            ("Started", times.map { row.age(at: $0) + " ago" } ?? "?"), ("CPU", row.cpuText + " %"),
        ], labelStyle: ProcessStyles.label)
        let inner = block.inner(area)
        // The fields first, then a label and the sparkline in what is left (nothing on a small pane).
        let parts = inner.split(.vertical, [.length(fields.lineCount(width: inner.columns)), .length(1), .fill(1)])
        fields.render(in: parts[0], on: canvas)
        Paragraph("CPU over the last \(ProcessRow.historyLength) samples", style: ProcessStyles.label, wrap: false)
            .render(in: parts[1], on: canvas)
        Sparkline(row.cpuHistory, maximum: max(100, row.cpuHistory.max() ?? 0)).render(in: parts[2], on: canvas)
    }
}

/// The browser's styles, as data.
public enum ProcessStyles {
    public static let header = Style(.bold, foreground: .black, background: .cyan)
    public static let label = Style(.dim)
}
