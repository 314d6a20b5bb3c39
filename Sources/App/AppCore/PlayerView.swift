import Catalog
import Downloads
import Player
import SpindleUI
import Terminal

/// The player screen. The "picture" is a title card with the time; the HUD adds the title bar
/// with the play state, a progress bar (the intro marked ═ when there is one, the credits ┃),
/// elapsed and remaining time, and key hints. Prompts (skip intro, up next) show either way.
enum PlayerView {
    static func render(_ player: PlayerState, download: DownloadSummary? = nil, notice: String? = nil, bindings: [KeyBinding],
                       preview: ArtImage? = nil, drawing: ArtDrawing? = nil, in area: Rect, theme: Theme, on canvas: any Canvas) {
        renderPicture(player, in: area, theme: theme, on: canvas)
        if player.isHUDVisible {
            renderHUD(player, bindings: bindings, in: area, theme: theme, on: canvas)
            renderDownload(download, notice: notice, in: area.singleRow(1), theme: theme, on: canvas)
            if area.rows >= 10 { renderTracks(player, in: area.singleRow(area.rows - 4), theme: theme, on: canvas) }
        }
        let promptRow = area.rows - (player.isHUDVisible ? 5 : 2)
        renderPrompt(player, in: area.singleRow(max(promptRow, 1)), theme: theme, on: canvas)
        if player.isHUDVisible { renderSeekPreview(player, image: preview, drawing: drawing, in: area, theme: theme, on: canvas) }
        if player.trackPicker != nil { TrackPickerView.render(player, in: area, theme: theme, on: canvas) }
    }

    /// The title card in the middle of the area.
    static func renderPicture(_ player: PlayerState, in area: Rect, theme: Theme, on canvas: any Canvas) {
        let middle = area.row + area.rows / 2 - 1
        let title = DisplayText.truncated(player.title.title, toWidth: area.columns - 4)
        putCentred(title, row: middle, in: area, style: theme.label, on: canvas)
        switch player.media {
        case .loading:
            putCentred("Loading…", row: middle + 1, in: area, style: theme.notice, on: canvas)
        case .failed(let message):
            // From the engine or a file name: data, so shown as text only (`put` neutralizes
            // control characters), cut to the screen.
            let line = DisplayText.truncated(message, toWidth: area.columns - 4)
            putCentred(line, row: middle + 1, in: area, style: theme.error, on: canvas)
        case .ready:
            let time = "\(Formatting.clock(player.position)) / \(Formatting.clock(player.title.duration))"
            putCentred(time, row: middle + 1, in: area, style: theme.notice, on: canvas)
        }
    }

    static func renderHUD(_ player: PlayerState, bindings: [KeyBinding], in area: Rect, theme: Theme, on canvas: any Canvas) {
        var state: String
        if case .failed = player.media {
            state = "■ Stopped"
        } else if player.media == .loading {
            state = "Loading…"
        } else if let seek = player.pendingSeek {
            state = player.isSkippingIntro ? "Skipping intro…" : "Seeking to \(Formatting.clock(seek.target))…"
        } else if player.isAtEnd {
            state = "■ Ended"
        } else {
            state = player.isPlaying ? "▶ Playing" : "⏸ Paused"
        }
        if player.playback.speed != PlaybackChoice.normalSpeed { state += "  " + Formatting.speed(player.playback.speed) }
        state += player.isMuted ? "  muted" : "  vol \(player.volume)"

        StatusLine(left: " " + player.title.title, right: state + " ", style: theme.header, gap: 2)
            .render(in: area.singleRow(0), on: canvas)

        let (_, bottom) = area.splitBottom(rows: 3)
        progressBar(player, theme: theme).render(in: Layout.progressBar(for: Size(rows: area.rows, columns: area.columns)).offsetBy(rows: area.row, columns: area.column), on: canvas)
        let shown = player.pendingSeek?.target ?? player.position
        StatusLine(left: " " + Formatting.clock(shown), right: "-" + Formatting.clock(player.title.duration - shown) + " ")
            .render(in: bottom.singleRow(1), on: canvas)
        Help(sections: [KeyBindingSection("", bindings)], styles: theme.help).renderShort(in: bottom.singleRow(2), on: canvas)
    }

    /// While the user seeks: the seek's target time over the progress bar at the knob's column,
    /// and over it the frame at that time when the app draws pictures and the library has it
    /// (`Layout.seekPreview` places both). Drawn over the tracks' line and the prompt: it shows
    /// only for the moment of a seek.
    static func renderSeekPreview(_ player: PlayerState, image: ArtImage?, drawing: ArtDrawing?, in area: Rect, theme: Theme,
                                  on canvas: any Canvas) {
        guard let preview = player.seekPreview else { return }
        let text = " " + Formatting.clock(preview.target) + " "
        let fraction = Double(preview.target) / Double(max(player.title.duration, 1))
        let size = Size(rows: area.rows, columns: area.columns)
        let place = Layout.seekPreview(for: size, fraction: fraction, labelWidth: DisplayText.width(text))
        let label = place.label.offsetBy(rows: area.row, columns: area.column)
        canvas.put(text, row: label.row, column: label.column, style: theme.prompt, width: label.columns)
        guard let drawing, let image, image.width > 0, image.height > 0, let picture = place.picture else { return }
        let rect = picture.offsetBy(rows: area.row, columns: area.column)
        canvas.fill(rect, with: " ", style: .plain)
        drawing.draw(image, rect, canvas)
    }

    /// Above the progress bar: the audio track, the subtitles (and their delay) and the speed,
    /// "Audio English (eng, aac) · Subtitles off · 1x". Track titles are the file's data: drawn
    /// as text only (`put` neutralizes control characters), cut to the row.
    static func renderTracks(_ player: PlayerState, in area: Rect, theme: Theme, on canvas: any Canvas) {
        guard player.media == .ready else { return }
        var parts: [String] = []
        if !player.audioTracks.isEmpty { parts.append("Audio " + (player.currentAudio?.label ?? "none")) }
        if !player.subtitleTracks.isEmpty {
            var subtitles = "Subtitles " + (player.currentSubtitles?.label ?? "off")
            if player.playback.subtitleDelay != 0 { subtitles += " " + Formatting.subtitleDelay(player.playback.subtitleDelay) }
            parts.append(subtitles)
        }
        parts.append("Speed " + Formatting.speed(player.playback.speed))
        let text = DisplayText.truncated(" " + parts.joined(separator: " · "), toWidth: area.columns)
        canvas.put(text, row: area.row, column: area.column, style: theme.notice, width: area.columns)
    }

    /// Under the title bar, at the right: the title's download ("↓ ▰▰▱▱▱ 42%", "✓ offline",
    /// "✗ reason"), or a notice: a download's, or the player's own ("✓ marked watched").
    static func renderDownload(_ download: DownloadSummary?, notice: String?, in area: Rect, theme: Theme, on canvas: any Canvas) {
        let text: String
        var style = theme.download
        if let notice {
            text = notice
            style = theme.label
        } else if let download, let mark = DownloadMark.text(download, room: area.columns) {
            if case .failed = download.status { style = theme.error }
            text = download.status == .running ? "↓ " + mark : mark
        } else {
            return
        }
        let shown = DisplayText.truncated(text, toWidth: max(area.columns - 2, 0))
        let width = DisplayText.width(shown)
        canvas.put(shown, row: area.row, column: area.column + max(area.columns - width - 1, 0), style: style, width: width)
    }

    /// The bar at the position (or where a seek is going), with the intro and the credits
    /// marked only when the title has them.
    static func progressBar(_ player: PlayerState, theme: Theme = .standard) -> ProgressBar {
        let title = player.title
        let duration = Double(max(title.duration, 1))
        var markers: [ProgressMarker] = []
        if title.introEnd > title.introStart {
            markers.append(.intro(Double(title.introStart) / duration...Double(title.introEnd) / duration))
        }
        if title.creditsStart < title.duration {
            markers.append(.credits(at: Double(title.creditsStart) / duration))
        }
        let position = Double(player.pendingSeek?.target ?? player.position)
        return ProgressBar(fraction: position / duration, markers: markers,
                           styles: ProgressBarStyles(played: theme.progress, rest: theme.notice, knob: theme.progress))
    }

    /// "Skip intro (7)", "Skipping intro…", "Up next: Title (4)", at the right of `area`.
    static func renderPrompt(_ player: PlayerState, in area: Rect, theme: Theme, on canvas: any Canvas) {
        let text: String
        if player.isSkipIntroShown {
            text = player.isSkippingIntro ? " Skipping intro… " : " Skip intro (\(player.skipIntro.secondsLeft ?? 0))  s skip · x dismiss "
        } else if player.isUpNextShown, let next = player.nextTitle {
            let seconds = player.upNext.secondsLeft.map { " (\($0))" } ?? "…"
            let name = DisplayText.truncated(next.title, toWidth: max(area.columns / 2, 8))
            text = " Up next: \(name)\(seconds)  Enter play · x dismiss "
        } else if case .failed = player.media {
            text = " Esc, q back "
        } else if player.isAtEnd {
            text = " Ended  Space replay · Esc back "
        } else {
            return
        }
        let width = min(DisplayText.width(text), area.columns)
        canvas.put(text, row: area.row, column: area.column + max(area.columns - width - 1, 0), style: theme.prompt, width: width)
    }

    /// Kept from the last frame when the text is the same: each second only the clock's row is
    /// drawn again.
    private static func putCentred(_ text: String, row: Int, in area: Rect, style: Style, on canvas: any Canvas) {
        canvas.drawRow(row, identity: RowIdentity(text, style, area.column, area.columns)) {
            let column = area.column + max((area.columns - DisplayText.width(text)) / 2, 0)
            canvas.put(text, row: row, column: column, style: style, width: area.columns)
        }
    }
}
