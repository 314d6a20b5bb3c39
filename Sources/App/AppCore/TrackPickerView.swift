import Player
import SpindleUI
import Terminal

/// The track picker (`t`): a box over the player with the audio tracks, "no subtitles" and the
/// subtitle tracks; ● marks what plays, the selected row is reversed. Track titles and
/// languages come from the file: drawn as text only (`put` neutralizes control characters).
///
///      ╭─ Tracks ─────────────────────────╮
///      │ Audio                            │
///      │ ● English (eng, aac)             │
///      │   fra, aac                       │
///      │ Subtitles                        │
///      │   off                            │
///      │ ● Deutsch (deu, subrip)          │
///      │ ↑↓ move · Enter choose · Esc close │
///      ╰──────────────────────────────────╯
enum TrackPickerView {
    static func render(_ player: PlayerState, in area: Rect, theme: Theme, on canvas: any Canvas) {
        guard let picker = player.trackPicker else { return }
        let rows = player.trackPickerRows
        var lines: [OverlayBox.Line] = []
        var selectedLine = 0
        for (index, row) in rows.enumerated() {
            if index == 0 { lines.append(("Audio", theme.label)) }
            if row == .subtitlesOff { lines.append(("Subtitles", theme.label)) }
            let mark = player.isCurrent(row) ? "●" : " "
            let label = switch row {
            case .audio(let track), .subtitles(let track): track.label
            case .subtitlesOff: "off"
            }
            if index == picker.selection { selectedLine = lines.count }
            lines.append(("\(mark) \(label)", index == picker.selection ? theme.selected : .plain))
        }
        OverlayBox(title: "Tracks", lines: lines, footer: ("↑↓ move · Enter choose · Esc close", theme.notice),
                   selected: selectedLine, minimumWidth: 30)
            .render(in: area, theme: theme, on: canvas)
    }
}
