import Browser
import SpindleUI
import Terminal

/// The filter picker (`f`) in a box over the list: "No filter", the genres, the decades, the
/// current ones marked ✓, the selected row highlighted; the rows around the selection when they
/// do not all fit. Genres come from the data: drawn as text, never as escapes (`Canvas.put`).
enum FilterPickerView {
    static func render(_ picker: FilterPicker, in area: Rect, theme: Theme, on canvas: any Canvas) {
        let options = picker.options
        var lines: [(text: String, style: Style)] = [(" Filter the views ", theme.header)]
        let footer = " ↑↓ move   Enter choose   Esc close "
        let room = max(1, area.rows - 4)
        if picker.isLoading {
            lines.append((" Reading the genres and years… ", theme.label))
        } else if let error = picker.error {
            lines.append((" " + error + " ", theme.error))
        } else {
            let first = min(max(0, picker.selection - room / 2), max(0, options.count - room))
            for index in first ..< min(options.count, first + room) {
                let option = options[index]
                let text = (picker.isCurrent(option) ? " ✓ " : "   ") + FilterPicker.label(option) + " "
                lines.append((text, index == picker.selection ? theme.selected : theme.label))
            }
        }
        lines.append((footer, theme.footer))
        OverlayBox.render(lines, width: max(32, OverlayBox.width(of: lines)), ellipsis: false, in: area, on: canvas)
    }
}
