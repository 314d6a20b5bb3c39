import Browser
import SpindleUI
import Terminal

/// The filter picker (`f`) in a titled box over the list: "No filter", the genres, the decades, the
/// current ones marked ✓, the selected row highlighted; the rows around the selection when they
/// do not all fit. Genres come from the data: drawn as text, never as escapes (`Canvas.put`).
enum FilterPickerView {
    static func render(_ picker: FilterPicker, in area: Rect, theme: Theme, on canvas: any Canvas) {
        let options = picker.options
        var lines: [OverlayBox.Line] = []
        var selected = 0
        if picker.isLoading {
            lines.append(("Reading the genres and years…", theme.label))
        } else if let error = picker.error {
            lines.append((error, theme.error))
        } else {
            for (index, option) in options.enumerated() {
                if index == picker.selection { selected = lines.count }
                let text = (picker.isCurrent(option) ? "✓ " : "  ") + FilterPicker.label(option)
                lines.append((text, index == picker.selection ? theme.selected : theme.label))
            }
        }
        OverlayBox(title: "Filter the views", lines: lines, footer: ("↑↓ move   Enter choose   Esc close", theme.footer),
                   selected: selected, minimumWidth: 28)
            .render(in: area, theme: theme, on: canvas)
    }
}
