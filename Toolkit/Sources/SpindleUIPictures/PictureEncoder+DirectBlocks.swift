import Terminal

extension PictureEncoder {
    /// Half blocks in direct colour: the picture scaled to `columns` × `rows` × 2 pixels (the
    /// kitty encoder's scaler: every source pixel counts), each cell two of them, top and bottom,
    /// written as rows of `▀` with the top pixel's colour in front (`SGR 38;2;R;G;B`) and the
    /// bottom's behind (`48;2;R;G;B`), for `PlacedImage.Format.cells`.
    ///
    /// - Rows are separated by line feeds; the screen moves the cursor to each row's start.
    /// - A colour is written only when it changes: a flat picture takes one SGR in all. A cell
    ///   whose two pixels are alike may be a space on its background, and one may be `▄` with
    ///   the colours the other way round, whichever needs fewer changes.
    /// - A transparent pixel (alpha below 128) shows the terminal's own background (`SGR 49`):
    ///   `▄` under a transparent top, `▀` over a transparent bottom, a space for both.
    /// - The first SGR resets the attributes (`0;…`), the last is `SGR 0`.
    ///
    /// Nothing for an empty size. Only numbers come from the pixels.
    ///
    ///     PictureEncoder.directBlocks(picture, columns: 24, rows: 18)
    public static func directBlocks(_ picture: Picture, columns: Int, rows: Int) -> [UInt8] {
        guard columns > 0, rows > 0 else { return [] }
        let (halves, tallOverflow) = rows.multipliedReportingOverflow(by: 2)
        guard !tallOverflow else { return [] }
        let (pixels, overflow) = columns.multipliedReportingOverflow(by: halves)
        guard !overflow, pixels <= Picture.maximumPixels else { return [] }
        let rgba = scaled(picture, width: columns, height: halves)
        var writer = DirectBlocksWriter()
        writer.bytes.reserveCapacity(columns * rows * 8)
        for row in 0..<rows {
            if row > 0 { writer.bytes.append(0x0A) }
            for column in 0..<columns {
                let top = (row * 2 * columns + column) * 4, bottom = ((row * 2 + 1) * columns + column) * 4
                writer.cell(top: color(rgba, at: top), bottom: color(rgba, at: bottom))
            }
        }
        writer.bytes += Array("\u{1B}[0m".utf8)
        return writer.bytes
    }

    /// The colour of the pixel at byte `offset`, nil when it is transparent (alpha below 128).
    private static func color(_ rgba: [UInt8], at offset: Int) -> DirectBlocksWriter.Color? {
        rgba[offset + 3] < 128 ? nil : DirectBlocksWriter.Color(red: rgba[offset], green: rgba[offset + 1], blue: rgba[offset + 2])
    }
}

/// The state of a direct-colour half-block stream: the colours the terminal has now, and the
/// bytes so far.
struct DirectBlocksWriter {
    struct Color: Equatable {
        var red, green, blue: UInt8
    }

    /// A colour the terminal draws with: one of ours, or its default (nil).
    private var foreground: Color?
    private var background: Color?
    private var started = false
    var bytes: [UInt8] = []

    private static let upper: [UInt8] = [0xE2, 0x96, 0x80]   // ▀
    private static let lower: [UInt8] = [0xE2, 0x96, 0x84]   // ▄

    /// One cell: `top` and `bottom` pixels, nil for transparent.
    mutating func cell(top: Color?, bottom: Color?) {
        switch (top, bottom) {
        case (nil, nil):
            write(foreground: foreground, background: nil, glyph: [0x20])
        case (let top?, nil):
            write(foreground: top, background: nil, glyph: Self.upper)
        case (nil, let bottom?):
            write(foreground: bottom, background: nil, glyph: Self.lower)
        case (let top?, let bottom?):
            // The way that changes fewest colours: ▀, ▄ the other way round, or a space.
            var ways: [(foreground: Color?, background: Color?, glyph: [UInt8])] = [(top, bottom, Self.upper), (bottom, top, Self.lower)]
            if top == bottom { ways.append((foreground, top, [0x20])) }
            let best = ways.min { changes($0.foreground, $0.background) < changes($1.foreground, $1.background) }!
            write(foreground: best.foreground, background: best.background, glyph: best.glyph)
        }
    }

    private func changes(_ wantedForeground: Color?, _ wantedBackground: Color?) -> Int {
        (wantedForeground == foreground ? 0 : 1) + (wantedBackground == background ? 0 : 1)
    }

    private mutating func write(foreground wantedForeground: Color?, background wantedBackground: Color?, glyph: [UInt8]) {
        var parameters: [String] = started ? [] : ["0"]
        if !started {
            // After SGR 0 the terminal draws in its defaults.
            foreground = nil
            background = nil
            started = true
        }
        if wantedForeground != foreground, let color = wantedForeground {
            parameters.append("38;2;\(color.red);\(color.green);\(color.blue)")
            foreground = color
        }
        if wantedBackground != background {
            if let color = wantedBackground {
                parameters.append("48;2;\(color.red);\(color.green);\(color.blue)")
            } else {
                parameters.append("49")
            }
            background = wantedBackground
        }
        if !parameters.isEmpty { bytes += Array("\u{1B}[\(parameters.joined(separator: ";"))m".utf8) }
        bytes += glyph
    }
}
