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
        let (headings, bodyAndFooter) = rest.splitTop(rows: 1)
        let (bodyAndDetail, footer) = bodyAndFooter.splitBottom(rows: 1)
        let (body, detail) = bodyAndDetail.splitBottom(rows: Layout.downloadsDetailRows(below: bodyAndDetail.rows))
        StatusLine(left: " Downloads", right: counts(rows) + " ", style: theme.header, gap: 2).render(in: header, on: canvas)
        let selection = state.downloadsScreen?.selection ?? 0
        if rows.isEmpty {
            canvas.put(" No downloads yet: d on a title downloads it for offline viewing.", row: body.row, column: body.column,
                       style: theme.notice, width: body.columns)
        } else {
            let viewport = ListViewport(count: rows.count, height: body.rows, selection: selection,
                                        offset: max(0, selection - body.rows + 1))
            let view = ListView(items: rows, viewport: viewport, styles: theme.list)
            let width = view.hasScrollbar(in: body) ? body.columns - 1 : body.columns
            let layout = table.layout(width: width)
            var headingTable = table
            headingTable.styles.heading = theme.headings
            headingTable.renderHeading(in: headings, layout: layout, on: canvas)
            _ = view.render(in: body, on: canvas) { row, canvas in
                renderRow(row.item, in: row.rect, layout: layout, style: row.style, theme: theme, on: canvas)
            }
            if detail.rows > 0, rows.indices.contains(selection) {
                renderDetail(rows[selection], in: detail, theme: theme, on: canvas)
            }
        }
        renderFooter(state, in: footer, preferences: preferences, on: canvas)
    }

    static func renderRow(_ row: DownloadSummary, in rect: Rect, layout: TableLayout, style: Style, theme: Theme, on canvas: any Canvas) {
        table.renderCell(row.title.title, column: 0, in: rect, layout: layout, style: style, on: canvas)
        var stateStyle = style
        if case .failed = row.status { stateStyle.foreground = theme.error.foreground }
        table.renderCell(stateText(row.status), column: 1, in: rect, layout: layout, style: stateStyle, on: canvas)
        if layout.shows(2) {
            let start = rect.column + layout.starts[2]
            let cell = Rect(row: rect.row, column: start, rows: 1, columns: max(0, min(layout.widths[2], rect.columns - layout.starts[2])))
            ProgressBar(fraction: row.fraction,
                        styles: ProgressBarStyles(played: theme.download, playedGlyph: "█", rest: theme.notice, restGlyph: "░",
                                                knob: theme.download, knobGlyph: "▌"))
                .render(in: cell, on: canvas)
        }
        table.renderCell("\(row.percent)%", column: 3, in: rect, layout: layout, style: style, on: canvas)
        if layout.shows(4) {
            table.renderCell(row.bytesPerSecond.map { CountText.bytes(Int($0)) + "/s" } ?? "", column: 4, in: rect,
                             layout: layout, style: style, on: canvas)
        }
        if layout.shows(5) {
            table.renderCell(row.eta.map { Formatting.clock(Int($0.components.seconds)) } ?? "", column: 5, in: rect,
                             layout: layout, style: style, on: canvas)
        }
        if layout.shows(6) {
            table.renderCell(row.totalBytes.map(CountText.bytes) ?? "", column: 6, in: rect, layout: layout, style: style,
                             on: canvas)
        }
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
