import Catalog
import Downloads
import Player
import SpindleUI
import Terminal
import TextFormat

/// A title's details (`i` on the list): year, genre, length, whether it was watched, its file,
/// and what is known of it: the intro and the credits, the file's size, the picture's size and
/// the audio and subtitle tracks (once the title has played: the engine tells them), the
/// download. Only what the title's data and the engine hold: a line is left out, not guessed.
/// A long value wraps under itself; the texts are data, drawn as text only.
enum DetailView {
    static func render(_ title: Title, download: DownloadSummary? = nil, watched: String? = nil, known: KnownMedia? = nil,
                       notice: String? = nil, bindings: [KeyBinding], art: ArtImage? = nil, drawing: ArtDrawing? = nil,
                       in area: Rect, theme: Theme, on canvas: any Canvas) {
        let (header, rest) = area.splitTop(rows: 1)
        let (body, footer) = rest.splitBottom(rows: 1)
        StatusLine(left: " " + title.title, style: theme.header).render(in: header, on: canvas)
        let inside = body.insetBy(rows: 0, columns: 2).splitTop(rows: 1).rest
        let (text, poster) = posterLayout(inside, hasPictures: drawing != nil)
        let fields = lines(title, download: download, watched: watched, known: known).map { (label: $0.0, value: $0.1) }
        // A long value (a file's path, the tracks) wraps under itself, beside its label.
        Paragraph.fields(fields, labelStyle: theme.label).render(in: text, on: canvas)
        if let art, let drawing, !poster.isEmpty, art.width > 0, art.height > 0 {
            drawing.draw(art, poster, canvas)
        }
        if let notice {
            canvas.put(" " + notice, row: footer.row, column: footer.column, style: theme.label, width: footer.columns)
        } else {
            Help(sections: [KeyBindingSection("", bindings)], styles: theme.help).renderShort(in: footer, on: canvas)
        }
    }

    /// Where the facts and the poster go: the poster at the right, a third of the width (at most
    /// 30 columns) and as tall as a 2:3 picture in cells twice as tall as wide, once the area has
    /// room for both (56 columns, 8 rows); else the facts alone.
    static func posterLayout(_ area: Rect, hasPictures: Bool) -> (text: Rect, poster: Rect) {
        guard hasPictures, area.columns >= 56, area.rows >= 8 else {
            return (area, Rect(row: area.row, column: area.column + area.columns, rows: 0, columns: 0))
        }
        let parts = area.split(.horizontal, [.fill(1), .length(min(area.columns / 3, 30))], spacing: 2)
        let rows = min(area.rows, (parts[1].columns * 3 + 3) / 4)
        return (parts[0], Rect(row: area.row, column: parts[1].column, rows: rows, columns: parts[1].columns))
    }

    /// The lines shown, label and value, in order.
    static func lines(_ title: Title, download: DownloadSummary?, watched: String?, known: KnownMedia?) -> [(String, String)] {
        var lines: [(String, String)] = [
            ("Year", Formatting.year(title.year)),
            ("Genre", title.genre),
            ("Length", Formatting.length(of: title)),
        ]
        if let watched { lines.append(("Watched", watched)) }
        if let media = title.media {
            lines.append(("File", media.video))
            if let size = known?.fileSize { lines.append(("Size", CountText.bytes(size))) }
            if let picture = known?.pictureSize { lines.append(("Resolution", picture.text)) }
            if let audio = known?.audioTracks, !audio.isEmpty {
                lines.append(("Audio", audio.map(\.label).joined(separator: " · ")))
            }
            if let subtitles = known?.subtitleTracks, !subtitles.isEmpty {
                lines.append(("Subtitles", subtitles.map(\.label).joined(separator: " · ")))
            } else if let subtitles = media.subtitles {
                lines.append(("Subtitles", subtitles))
            }
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
        return lines
    }

    /// "✓ watched", "◐ at 21:52" (where the user left it), or "not watched".
    static func watchedText(position: Int?, watched: Bool) -> String {
        if watched { return ContinueWatchingMark.watchedSymbol + " watched" }
        if let position { return ContinueWatchingMark.symbol + " at " + Formatting.clock(position) }
        return "not watched"
    }

    /// The title's download in words: "42% (168 MB of 400 MB)", "stored at PATH", the failure.
    static func downloadLine(_ download: DownloadSummary) -> String {
        switch download.status {
        case .queued: "queued"
        case .running:
            "\(download.percent)%" + (download.totalBytes.map { " (\(CountText.bytes(download.receivedBytes)) of \(CountText.bytes($0)))" } ?? "")
        case .finished(let video, _): "stored at \(video)"
        case .failed(let message): "failed: \(message)"
        case .cancelled: "cancelled"
        case .interrupted: "interrupted at \(download.percent)%"
        }
    }
}
