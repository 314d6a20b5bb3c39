import Catalog
import Downloads
import SpindleUI
import Terminal

/// A title's details (`i` on the list): year, genre, length, and the intro and credits when
/// the title has them; the footer hints below.
enum DetailView {
    static func render(_ title: Title, download: DownloadSummary? = nil, notice: String? = nil, bindings: [KeyBinding],
                       in area: Rect, theme: Theme, on canvas: any Canvas) {
        let (header, rest) = area.splitTop(rows: 1)
        let (body, footer) = rest.splitBottom(rows: 1)
        StatusLine(left: " " + title.title, style: theme.header).render(in: header, on: canvas)
        var lines: [(String, String)] = [
            ("Year", Formatting.year(title.year)),
            ("Genre", title.genre),
            ("Length", Formatting.length(of: title)),
        ]
        if let media = title.media {
            lines.append(("Video", media.video))
            if let subtitles = media.subtitles { lines.append(("Subtitles", subtitles)) }
            if let problem = media.problem { lines.append(("Problem", problem)) }
        }
        if title.introEnd > title.introStart {
            lines.append(("Intro", "\(Formatting.clock(title.introStart)) – \(Formatting.clock(title.introEnd))"))
        }
        if title.creditsStart < title.duration, title.media?.knowsCredits != false {
            lines.append(("Credits", "from \(Formatting.clock(title.creditsStart))"))
        }
        if let download {
            lines.append(("Download", downloadLine(download)))
        }
        let labels = body.insetBy(rows: 0, columns: 2).splitTop(rows: 1).rest
        for (offset, line) in lines.enumerated() where offset < labels.rows {
            let row = labels.row + offset
            canvas.put(line.0, row: row, column: labels.column, style: theme.label, width: min(9, labels.columns))
            canvas.put(line.1, row: row, column: labels.column + 10, style: .plain, width: max(labels.columns - 10, 0))
        }
        if let notice {
            canvas.put(" " + notice, row: footer.row, column: footer.column, style: theme.label, width: footer.columns)
        } else {
            Help(sections: [KeyBindingSection("", bindings)], styles: theme.help).renderShort(in: footer, on: canvas)
        }
    }

    /// The title's download in words: "42% (168 MB of 400 MB)", "stored at PATH", the failure.
    static func downloadLine(_ download: DownloadSummary) -> String {
        switch download.status {
        case .queued: "queued"
        case .running:
            "\(download.percent)%" + (download.totalBytes.map { " (\(Formatting.bytes(download.receivedBytes)) of \(Formatting.bytes($0)))" } ?? "")
        case .finished(let video, _): "stored at \(video)"
        case .failed(let message): "failed: \(message)"
        case .cancelled: "cancelled"
        case .interrupted: "interrupted at \(download.percent)%"
        }
    }
}
