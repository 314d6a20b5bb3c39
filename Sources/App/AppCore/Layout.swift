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

    /// Where the seek preview goes on a screen of `size` for a target at `fraction` of the
    /// title: its time (`labelWidth` columns) on the row over the progress bar, and the picture
    /// over that, both centred on the bar's knob and kept on the screen. The picture is
    /// `seekPreviewCells` (20x6, a 16:9 frame's shape in cells about twice as tall as wide),
    /// smaller where the rows between the title bar and the time are fewer, and nil under 2
    /// rows (the time alone shows, as at the smallest screen).
    ///
    ///     let place = Layout.seekPreview(for: size, fraction: 0.25, labelWidth: 9)
    package static func seekPreview(for size: Size, fraction: Double, labelWidth: Int) -> (picture: Rect?, label: Rect) {
        let bar = progressBar(for: size)
        let knob = bar.column + ProgressBar(fraction: fraction).cell(for: fraction, width: max(bar.columns, 1))
        func centred(_ width: Int) -> Int { min(max(knob - width / 2, 0), max(size.columns - width, 0)) }
        let labelColumns = min(labelWidth, size.columns)
        let label = Rect(row: bar.row - 1, column: centred(labelColumns), rows: 1, columns: labelColumns)
        // Rows 1 … the time's row - 1: the title bar keeps row 0.
        let rows = min(seekPreviewCells.rows, label.row - 1)
        guard rows >= 2 else { return (nil, label) }
        let columns = min(rows == seekPreviewCells.rows ? seekPreviewCells.columns : (rows * seekPreviewCells.columns + 2) / seekPreviewCells.rows,
                          size.columns)
        return (Rect(row: label.row - rows, column: centred(columns), rows: rows, columns: columns), label)
    }

    /// The seek preview's picture in cells, where the screen has room.
    package static let seekPreviewCells = Size(rows: 6, columns: 20)

    /// The poster grid on a screen of `size`, its cards shaped for `kind`; nil when the screen
    /// has no room for one card.
    package static func grid(for size: Size, kind: ArtKind) -> GridLayout? {
        let body = listRows(for: size)
        // A picture's rows: two rows of cards when they can be 3 rows tall (posters) or 2 (thumbnails), else one.
        let tallest = kind == .poster ? 9 : 6, shortest = kind == .poster ? 3 : 2
        let perScreen = kind == .poster ? 2 : 3
        var pictureRows = min(tallest, body / perScreen - GridLayout.frameRows)
        if pictureRows < shortest { pictureRows = min(tallest, body - GridLayout.frameRows) }
        guard pictureRows >= shortest else { return nil }
        // A cell is about twice as tall as it is wide: 2:3 is 4 columns for 3 rows, 16:9 is 32 for 9.
        let pictureColumns = kind == .poster ? (4 * pictureRows + 1) / 3 : (32 * pictureRows + 4) / 9
        let grid = GridLayout(kind: kind, columns: size.columns / (pictureColumns + 2), rows: body / (pictureRows + GridLayout.frameRows),
                              pictureColumns: pictureColumns, pictureRows: pictureRows)
        return grid.columns > 0 && grid.rows > 0 ? grid : nil
    }

    /// Where Home's rows show the selected row's thumbnail when the list is rows, not cards: at
    /// the right of the rows, 32x9 cells (16:9 in cells about twice as tall as wide) with two
    /// lines under it, once the screen has 100 columns and the list 12 rows; nil below that.
    package static func homePicture(for size: Size) -> Rect? {
        let body = listBody(for: size)
        guard size.columns >= 100, body.rows >= 12 else { return nil }
        return Rect(row: body.row, column: size.columns - homePictureCells.columns - 1,
                    rows: homePictureCells.rows, columns: homePictureCells.columns)
    }

    /// The rows of Home beside its thumbnail end this many columns before it (blank columns
    /// between them); a click there or on the thumbnail selects nothing.
    package static let homePictureGap = 2

    /// The thumbnail beside Home's rows, in cells.
    package static let homePictureCells = Size(rows: 9, columns: 32)

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

/// The poster grid: `columns` × `rows` cards on screen, each a picture with its title under it,
/// in a margin of one cell where the selected card's frame is drawn.
package struct GridLayout: Equatable, Sendable {
    package var kind: ArtKind
    /// Cards in a row.
    package var columns: Int
    /// Rows of cards on screen.
    package var rows: Int
    /// A card's picture, in cells.
    package var pictureColumns: Int
    package var pictureRows: Int

    /// The rows a card has besides its picture: the frame's two and the title's.
    static let frameRows = 3

    package var cardColumns: Int { pictureColumns + 2 }
    package var cardRows: Int { pictureRows + Self.frameRows }

    /// The card at `column`, `row` of the grid in `body`.
    package func card(column: Int, row: Int, in body: Rect) -> Rect {
        Rect(row: body.row + row * cardRows, column: body.column + column * cardColumns, rows: cardRows, columns: cardColumns)
    }

    /// The grid's row and column at a cell of `body`, if a card is there.
    package func place(row: Int, column: Int, in body: Rect) -> (row: Int, column: Int)? {
        guard body.contains(Position(row: row, column: column)) else { return nil }
        let place = ((row - body.row) / cardRows, (column - body.column) / cardColumns)
        return place.0 < rows && place.1 < columns ? place : nil
    }
}
