import Terminal

/// A picture drawn into an area through the protocol given: kitty graphics, sixel or half
/// blocks in direct colour (placed over the frame's text, see `Canvas.placeImage`), or half
/// blocks in the 256 colours drawn as ordinary cells.
///
/// The picture is scaled to fit the area, keeping its aspect ratio, and drawn from the area's
/// top-left corner; the rest of the area is blank. A cell is taken as its pixels when the
/// terminal reports them (`Canvas.cellPixelSize`), else as 10 × 20; for half blocks, a cell
/// is two square pixels, one above the other. Encodings are kept in a `PictureCache`, so an
/// unchanged picture costs a lookup per frame, and an unchanged placement sends nothing.
///
///     PictureView(picture: poster, protocol: .blocks).render(in: Rect(row: 1, column: 2, rows: 12, columns: 16), on: canvas)
public struct PictureView: Hashable, Sendable {
    /// What is drawn; nil draws nothing (the area is cleared).
    public var picture: Picture?
    /// How it reaches the terminal (see `PictureProtocol.detect`).
    public var `protocol`: PictureProtocol

    /// A cell's size when the terminal does not say: 10 × 20 pixels.
    public static let defaultCell = CellPixelSize(width: 10, height: 20)

    /// `picture` drawn through `protocol`.
    ///
    ///     PictureView(picture: poster, protocol: .kitty)
    public init(picture: Picture?, protocol way: PictureProtocol) {
        self.picture = picture
        self.protocol = way
    }

    /// Draws into `area` of `canvas`, with encodings kept in the shared cache.
    ///
    ///     view.render(in: area, on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        render(in: area, on: canvas, cache: .shared)
    }

    /// Draws into `area` of `canvas`, with encodings kept in `cache`.
    ///
    ///     view.render(in: area, on: canvas, cache: PictureCache(capacity: 1 << 20))
    public func render(in area: Rect, on canvas: any Canvas, cache: PictureCache) {
        let area = area.clipped(to: canvas.size)
        let way = self.protocol
        guard !area.isEmpty else { return }
        canvas.clear(area)
        guard let picture, way != .off else { return }
        switch way {
        case .blocks:
            let fitted = Self.fit(width: picture.width, height: picture.height, columns: area.columns, rows: area.rows,
                                  cell: CellPixelSize(width: 1, height: 2))
            let key = PictureCache.Key(picture: picture.identity, columns: fitted.columns, rows: fitted.rows,
                                       cell: CellPixelSize(width: 1, height: 2), protocol: .blocks)
            guard case .blocks(let blocks) = cache.entry(for: key, make: {
                .blocks(PictureEncoder.blocks(picture, columns: fitted.columns, rows: fitted.rows))
            }) else { return }
            Self.draw(blocks, at: area, on: canvas)
        case .directBlocks:
            let halves = CellPixelSize(width: 1, height: 2)
            let fitted = Self.fit(width: picture.width, height: picture.height, columns: area.columns, rows: area.rows, cell: halves)
            let key = PictureCache.Key(picture: picture.identity, columns: fitted.columns, rows: fitted.rows, cell: halves, protocol: way)
            guard case .bytes(let bytes) = cache.entry(for: key, make: {
                .bytes(PictureEncoder.directBlocks(picture, columns: fitted.columns, rows: fitted.rows))
            }), let image = PlacedImage(format: .cells, identity: key.hashValue, bytes: bytes) else { return }
            canvas.placeImage(image, in: Rect(row: area.row, column: area.column, rows: fitted.rows, columns: fitted.columns))
        case .kitty, .sixel:
            let cell = canvas.cellPixelSize ?? Self.defaultCell
            let fitted = Self.fit(width: picture.width, height: picture.height, columns: area.columns, rows: area.rows, cell: cell)
            let key = PictureCache.Key(picture: picture.identity, columns: fitted.columns, rows: fitted.rows, cell: cell, protocol: way)
            guard case .bytes(let bytes) = cache.entry(for: key, make: {
                .bytes(way == .kitty
                       ? PictureEncoder.kitty(picture, columns: fitted.columns, rows: fitted.rows, cell: cell)
                       : PictureEncoder.sixel(picture, columns: fitted.columns, rows: fitted.rows, cell: cell))
            }), let image = PlacedImage(format: way == .kitty ? .kitty : .sixel, identity: key.hashValue, bytes: bytes) else { return }
            canvas.placeImage(image, in: Rect(row: area.row, column: area.column, rows: fitted.rows, columns: fitted.columns))
        case .off:
            return
        }
    }

    /// The cells a `width` × `height` picture takes when scaled to fit `columns` × `rows` cells
    /// of `cell` pixels, its aspect ratio kept: at least one of each, at most the area.
    ///
    ///     PictureView.fit(width: 320, height: 480, columns: 40, rows: 20, cell: CellPixelSize(width: 10, height: 20))   // (27, 20)
    public static func fit(width: Int, height: Int, columns: Int, rows: Int, cell: CellPixelSize) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0, cell.width > 0, cell.height > 0 else { return (0, 0) }
        let areaWidth = Double(columns * cell.width), areaHeight = Double(rows * cell.height)
        let scale = min(areaWidth / Double(width), areaHeight / Double(height))
        let fittedColumns = Int((Double(width) * scale / Double(cell.width)).rounded())
        let fittedRows = Int((Double(height) * scale / Double(cell.height)).rounded())
        return (min(max(fittedColumns, 1), columns), min(max(fittedRows, 1), rows))
    }

    /// The half-block cells, a run of one style at a time.
    private static func draw(_ blocks: PictureEncoder.Blocks, at area: Rect, on canvas: any Canvas) {
        for row in 0..<min(blocks.rows, area.rows) {
            var column = 0
            while column < min(blocks.columns, area.columns) {
                let style = Self.style(blocks.colors(row: row, column: column))
                var end = column + 1
                while end < min(blocks.columns, area.columns), Self.style(blocks.colors(row: row, column: end)) == style { end += 1 }
                canvas.put(String(repeating: "▀", count: end - column), row: area.row + row, column: area.column + column,
                           style: style, width: end - column, ellipsis: false)
                column = end
            }
        }
    }

    private static func style(_ colors: (foreground: Int16, background: Int16)) -> Style {
        Style(foreground: colors.foreground >= 0 ? .indexed(UInt8(colors.foreground)) : .default,
              background: colors.background >= 0 ? .indexed(UInt8(colors.background)) : .default)
    }
}
