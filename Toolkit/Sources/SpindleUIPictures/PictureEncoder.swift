import CChafa
import Terminal

/// A picture turned into terminal output at a size in cells: half blocks and sixel by libchafa,
/// kitty graphics by a scaler of its own and zlib (see `kitty(_:columns:rows:cell:)`), half
/// blocks in direct colour by the same scaler (see `directBlocks(_:columns:rows:)`).
///
///     let cells = PictureEncoder.blocks(picture, columns: 20, rows: 15)
public enum PictureEncoder {
    /// Half blocks: per cell, the 256-colour index of its top pixel (the ▀'s foreground) and of
    /// its bottom pixel (its background); -1 for a transparent one (the terminal's default).
    ///
    ///     blocks.colors(row: 0, column: 0).foreground   // 196
    public struct Blocks: Hashable, Sendable {
        /// The size in cells.
        public let columns: Int
        public let rows: Int
        /// Row by row, `columns` × `rows` of each.
        public let foreground: [Int16]
        public let background: [Int16]

        /// The colours of the cell at `row`, `column`.
        ///
        ///     blocks.colors(row: 0, column: 0)   // (196, 196): red above, red below
        public func colors(row: Int, column: Int) -> (foreground: Int16, background: Int16) {
            (foreground[row * columns + column], background[row * columns + column])
        }

        /// The memory its colours take, in bytes.
        var cost: Int { (foreground.count + background.count) * 2 + 64 }
    }

    /// The picture as ▀ cells in the 240 colours all 256-colour terminals share (16 … 255; the
    /// first 16 are each terminal's own), ordered dithering: libchafa picks each cell's two
    /// colours.
    ///
    ///     PictureEncoder.blocks(picture, columns: 4, rows: 2)
    public static func blocks(_ picture: Picture, columns: Int, rows: Int) -> Blocks {
        guard columns > 0, rows > 0 else { return Blocks(columns: 0, rows: 0, foreground: [], background: []) }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240)
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
        chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED)
        let symbols = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(symbols) }
        chafa_symbol_map_add_by_range(symbols, 0x2580, 0x2580)
        chafa_canvas_config_set_symbol_map(config, symbols)
        let canvas = draw(picture, config: config)
        defer { chafa_canvas_unref(canvas) }
        var foreground = [Int16](repeating: -1, count: columns * rows)
        var background = foreground
        for row in 0..<rows {
            for column in 0..<columns {
                var top: Int32 = -1, bottom: Int32 = -1
                chafa_canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &top, &bottom)
                let symbol = chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
                let index = row * columns + column
                // Only ▀ is offered; anything else (a blank) shows its background alone.
                let upper = symbol == 0x2580 ? top : bottom
                foreground[index] = (0...255).contains(upper) ? Int16(upper) : -1
                background[index] = (0...255).contains(bottom) ? Int16(bottom) : -1
            }
        }
        return Blocks(columns: columns, rows: rows, foreground: foreground, background: background)
    }

    /// One sixel string for the picture scaled to `columns` × `rows` cells of `cell` pixels
    /// (libchafa picks the palette; the height is cut to a multiple of 6 pixels, so the
    /// picture never reaches past its cells).
    ///
    ///     PictureEncoder.sixel(picture, columns: 20, rows: 15, cell: CellPixelSize(width: 10, height: 20))
    public static func sixel(_ picture: Picture, columns: Int, rows: Int, cell: CellPixelSize) -> [UInt8] {
        pixels(picture, columns: columns, rows: rows, cell: cell, mode: CHAFA_PIXEL_MODE_SIXELS)
    }

    private static func pixels(_ picture: Picture, columns: Int, rows: Int, cell: CellPixelSize, mode: ChafaPixelMode) -> [UInt8] {
        guard columns > 0, rows > 0, cell.width > 0, cell.height > 0 else { return [] }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_pixel_mode(config, mode)
        let canvas = draw(picture, config: config)
        defer { chafa_canvas_unref(canvas) }
        guard let output = chafa_canvas_print(canvas, nil) else { return [] }
        let length = spindle_chafa_string_length(output)
        var bytes = [UInt8](repeating: 0, count: length)
        _ = bytes.withUnsafeMutableBufferPointer { spindle_chafa_take_string(output, $0.baseAddress, length) }
        return bytes
    }

    private static func draw(_ picture: Picture, config: OpaquePointer?) -> OpaquePointer? {
        let canvas = chafa_canvas_new(config)
        picture.rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(picture.width), Int32(picture.height), Int32(picture.width * 4))
        }
        return canvas
    }
}
