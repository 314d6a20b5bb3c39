import Synchronization
import SpindleUI
import Terminal

/// Where things go on screen. The list's height is part of the state (it drives prefetching),
/// so the reducer and the views share this one definition.
package enum Layout {
    /// The smallest screen the layout works on.
    package static let minimum = Size(rows: 6, columns: 24)

    package static func fits(_ size: Size) -> Bool {
        size.rows >= minimum.rows && size.columns >= minimum.columns
    }

    /// Row 0 is the header, row 1 the column headings, the last row the footer or query line.
    package static func listRows(for size: Size) -> Int {
        fits(size) ? size.rows - 3 : 0
    }

    /// The downloads screen's rows (`DownloadsScreenView`): between its column headings and the
    /// line under the table that describes the selected download (left out below 5 rows), above
    /// the footer.
    package static func downloadsRows(for size: Size) -> Int {
        let rows = listRows(for: size)
        return rows - downloadsDetailRows(below: rows)
    }

    /// The downloads screen's line that describes the selected download: one row out of `rows`,
    /// none below 5.
    package static func downloadsDetailRows(below rows: Int) -> Int {
        rows > 4 ? 1 : 0
    }

    /// Where the list's rows are: between the column headings and the footer.
    package static func listBody(for size: Size) -> Rect {
        Rect(row: 2, column: 0, rows: listRows(for: size), columns: size.columns)
    }

    /// Where the player's progress bar is drawn while the HUD shows: three rows from the bottom,
    /// a column in from each side.
    package static func progressBar(for size: Size) -> Rect {
        Rect(row: size.rows - 3, column: 1, rows: 1, columns: max(size.columns - 2, 0))
    }

    /// The list's columns: the title takes the room up to a cap, so that on a wide screen the
    /// year, genre and length sit near it; they drop out on narrow screens.
    static let table = Table(columns: [
        TableColumn("Title", width: .flexible(min: 8, max: 60)),
        TableColumn("Year", width: .fixed(4), showsFrom: 30),
        TableColumn("Genre", width: .flexible(min: 8, max: 14), showsFrom: 64),
        TableColumn("Length", width: .fixed(7), alignment: .trailing, showsFrom: 48),
    ], styles: TableStyles(heading: Theme.standard.headings))

    /// The table's layout at `width`, computed once per width (every frame asks for it).
    static func tableLayout(width: Int) -> TableLayout {
        tableLayouts.withLock { cached in
            if let cached, cached.width == width { return cached.layout }
            let layout = table.layout(width: width)
            cached = (width, layout)
            return layout
        }
    }

    private static let tableLayouts = Mutex<(width: Int, layout: TableLayout)?>(nil)
}
