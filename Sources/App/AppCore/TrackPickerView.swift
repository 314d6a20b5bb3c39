import Player
import SpindleUI
import Terminal

/// The track picker (`t`): a box over the player with the audio tracks, "no subtitles" and the
/// subtitle tracks; ● marks what plays, the selected row is reversed. Track titles and
/// languages come from the file: drawn as text only (`put` neutralizes control characters).
///
///      Tracks
///      Audio
///      ● English (eng, aac)
///        fra, aac
///      Subtitles
///        off
///      ● Deutsch (deu, subrip)
///      ↑↓ move · Enter choose · Esc close
enum TrackPickerView {
    static func render(_ player: PlayerState, in area: Rect, theme: Theme, on canvas: any Canvas) {
        guard let picker = player.trackPicker else { return }
        let rows = player.trackPickerRows
        var lines: [(text: String, style: Style)] = [(" Tracks", theme.header)]
        var selectedLine = 0
        for (index, row) in rows.enumerated() {
            if index == 0 { lines.append(("  Audio", theme.label)) }
            if row == .subtitlesOff { lines.append(("  Subtitles", theme.label)) }
            let mark = player.isCurrent(row) ? "●" : " "
            let label = switch row {
            case .audio(let track), .subtitles(let track): track.label
            case .subtitlesOff: "off"
            }
            if index == picker.selection { selectedLine = lines.count }
            lines.append(("  \(mark) \(label) ", index == picker.selection ? theme.selected : .plain))
        }
        lines.append((" ↑↓ move · Enter choose · Esc close ", theme.notice))

        let width = min(area.columns, max(lines.map { DisplayText.width($0.text) }.max() ?? 0, 30) + 2)
        let visible = min(lines.count, area.rows)
        // The selected row stays in sight on a short screen.
        let first = lines.count <= visible ? 0 : min(max(selectedLine - visible / 2, 0), lines.count - visible)
        let top = area.row + max(0, (area.rows - visible) / 2)
        let left = area.column + max(0, (area.columns - width) / 2)
        for offset in 0..<visible {
            let line = lines[first + offset]
            let text = DisplayText.fitted(line.text, toWidth: width)
            canvas.put(text, row: top + offset, column: left, style: line.style, width: width)
        }
    }
}
