import Catalog
import Downloads
import SpindleUI
import Terminal
import TextFormat

/// The downloads screen (`o`): every download in request order with its state, a progress bar
/// and percentage, speed, time left and size; the selected one's full message under the table;
/// the key hints (or a notice) in the footer.
enum DownloadsScreenView {
    static let table = Table(columns: [
        TableColumn("Title", width: .flexible(min: 10, max: 40, weight: 3)),
        TableColumn("State", width: .fixed(11)),
        TableColumn("Progress", width: .flexible(min: 8, max: 20), showsFrom: 50),
        TableColumn("", width: .fixed(4), alignment: .trailing),
        TableColumn("Speed", width: .fixed(10), alignment: .trailing, showsFrom: 60),
        TableColumn("Left", width: .fixed(7), alignment: .trailing, showsFrom: 70),
        TableColumn("Size", width: .fixed(9), alignment: .trailing, showsFrom: 40),
    ], styles: TableStyles(heading: Theme.standard.headings))

    static func render(_ state: AppState, in area: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let theme = preferences.theme
        let rows = state.downloads.summaries
        let (header, rest) = area.splitTop(rows: 1)
        let (tableAndDetail, footer) = rest.splitBottom(rows: 1)
        // The table's heading and rows, then the selected download's line (left out below 5 rows).
        let (tableArea, detail) = tableAndDetail.splitBottom(rows: Layout.downloadsDetailRows(below: tableAndDetail.rows - 1))
        StatusLine(left: " Downloads", right: counts(rows) + " ", style: theme.header, gap: 2).render(in: header, on: canvas)
        let selection = state.downloadsScreen?.selection ?? 0
        if rows.isEmpty {
            canvas.put(" No downloads yet: d on a title downloads it for offline viewing.", row: tableArea.row + 1,
                       column: tableArea.column, style: theme.notice, width: tableArea.columns)
        } else {
            var table = self.table
            table.styles.heading = theme.headings
            TableView(table: table, items: rows, viewport: ListViewport(count: rows.count, selection: selection),
                      id: "downloads", styles: theme.list) { row in cells(row, theme: theme) }
                .render(in: tableArea, on: canvas)
            if detail.rows > 0, rows.indices.contains(selection) {
                renderDetail(rows[selection], in: detail, theme: theme, on: canvas)
            }
        }
        renderFooter(state, in: footer, preferences: preferences, on: canvas)
    }

    /// A download's row: its title, state (a failure in the error colour), a progress bar, the
    /// percentage, speed, time left and size.
    static func cells(_ row: DownloadSummary, theme: Theme) -> [TableCell] {
        var failed: Style?
        if case .failed = row.status { failed = Style(foreground: theme.error.foreground) }
        let bar = ProgressBar(fraction: row.fraction,
                              styles: ProgressBarStyles(played: theme.download, playedGlyph: "█", rest: theme.notice, restGlyph: "░",
                                                        knob: theme.download, knobGlyph: "▌"))
        return [
            TableCell(row.title.title),
            TableCell(stateText(row.status), style: failed),
            .drawn { rect, _, canvas in bar.render(in: rect, on: canvas) },
            TableCell("\(row.percent)%"),
            TableCell(row.bytesPerSecond.map { CountText.bytes(Int($0)) + "/s" } ?? ""),
            TableCell(row.eta.map { Formatting.clock(Int($0.components.seconds)) } ?? ""),
            TableCell(row.totalBytes.map(CountText.bytes) ?? ""),
        ]
    }

    static func stateText(_ status: DownloadStatus) -> String {
        switch status {
        case .queued: "queued"
        case .running: "downloading"
        case .finished: "✓ offline"
        case .failed: "✗ failed"
        case .cancelled: "cancelled"
        case .interrupted: "interrupted"
        }
    }

    /// The selected download in words: why it failed, where it is stored, what to press.
    static func renderDetail(_ row: DownloadSummary, in area: Rect, theme: Theme, on canvas: any Canvas) {
        let text: String
        var style = theme.notice
        switch row.status {
        case .failed(let message):
            text = " ✗ \(message) · r retries"
            style = theme.error
        case .finished(let video, _):
            text = " stored at \(video) · Enter plays it"
        case .interrupted:
            text = " stopped when Spindle did · r resumes"
        case .cancelled:
            text = " cancelled · r starts it again, x removes it"
        case .queued:
            text = " waits for a free slot"
        case .running:
            text = " \(CountText.bytes(row.receivedBytes)) of \(row.totalBytes.map(CountText.bytes) ?? "?")"
        }
        canvas.put(text, row: area.row, column: area.column, style: style, width: area.columns)
    }

    /// "2 running · 1 queued · 3 offline".
    static func counts(_ rows: [DownloadSummary]) -> String {
        var running = 0, queued = 0, offline = 0, failed = 0
        for row in rows {
            switch row.status {
            case .running: running += 1
            case .queued: queued += 1
            case .finished: offline += 1
            case .failed: failed += 1
            case .cancelled, .interrupted: break
            }
        }
        var parts: [String] = []
        if running > 0 { parts.append(Formatting.count(running) + " running") }
        if queued > 0 { parts.append(Formatting.count(queued) + " queued") }
        if offline > 0 { parts.append(Formatting.count(offline) + " offline") }
        if failed > 0 { parts.append(Formatting.count(failed) + " failed") }
        return parts.isEmpty ? "nothing downloading" : parts.joined(separator: " · ")
    }

    static func renderFooter(_ state: AppState, in area: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let theme = preferences.theme
        if let notice = state.downloadNotice {
            canvas.fill(area, with: " ", style: theme.footer)
            canvas.put(" " + notice, row: area.row, column: area.column, style: theme.label, width: area.columns)
            return
        }
        let hints = preferences.keys.downloadsHints(width: area.columns - 1)
        StatusLine(left: " " + hints.text, right: "", style: theme.footer).render(in: area, on: canvas)
    }
}
