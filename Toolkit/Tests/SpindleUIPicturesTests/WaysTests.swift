import Foundation
import Testing
@testable import SpindleUIPictures
@testable import Terminal

/// One picture drawn the four ways a terminal shows it, each made from what the encoder sends:
/// the picture docs/pictures.md shows (docs/pictures/ways.png). Its panels, left to right: the
/// source, half blocks, half blocks in direct colour, sixel, kitty graphics, each
/// `Ways.panelWidth` × `Ways.panelHeight` pixels, `Ways.gap` transparent pixels apart.
///
///     let panels = try Ways.panels()
enum Ways {
    /// The cell area every way draws into: 24 × 18 cells of 10 × 20 pixels.
    static let columns = 24, rows = 18
    static let cell = CellPixelSize(width: 10, height: 20)
    static let panelWidth = columns * cell.width, panelHeight = rows * cell.height
    /// Transparent pixels between two panels.
    static let gap = 8
    /// The panels' names, left to right.
    static let names = ["source", "half blocks", "half blocks in direct colour", "sixel", "kitty"]
    /// The five panels side by side.
    static let width = panelWidth * names.count + gap * (names.count - 1), height = panelHeight

    /// The largest difference of one channel, per way, between a panel of the committed
    /// picture and the panel the encoders give now. Half blocks are colour indices painted
    /// from the palette and the source is made here: both exact. Kitty's pixels and the
    /// direct-colour half blocks' come from floating-point scaling, which may round a step apart
    /// on another machine. Sixel goes through libchafa's palette and libsixel's decoder: 8
    /// allows their rounding, not a palette or a dither pattern of their own.
    static let tolerance = (source: 0, blocks: 0, directBlocks: 2, sixel: 8, kitty: 2)

    /// The committed picture, found from this file: Toolkit/Tests/SpindleUIPicturesTests/ → docs/pictures/ways.png.
    static let file: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/pictures/ways.png")

    /// A 240 × 360 landscape in integer arithmetic (the same pixels on every machine): a sky
    /// from deep blue to orange, shifting across, a pale sun in a glow, half behind a dark green
    /// hill with a grain of noise (a fixed seed); below, six saturated stripes, a ramp through
    /// the hues and a grey ramp from black to white. Far more than 256 colours, so that each
    /// way's palette and dithering show.
    static let source: Picture = {
        var rgba = [UInt8](repeating: 255, count: panelWidth * panelHeight * 4)
        let horizon = 240, sun = (x: 165, y: 175, radius: 38, glow: 100)
        let stripes: [(Int, Int, Int)] = [(220, 30, 40), (250, 140, 20), (245, 220, 40), (40, 170, 70), (40, 90, 220), (150, 50, 180)]
        var seed: UInt32 = 7
        for y in 0..<panelHeight {
            for x in 0..<panelWidth {
                seed = seed &* 1_103_515_245 &+ 12345
                var color: (Int, Int, Int)
                let hill = 200 + (x - 70) * (x - 70) / 260
                let distance = (x - sun.x) * (x - sun.x) + (y - sun.y) * (y - sun.y)
                if y >= 305 {
                    let band = min(5, x / 40), step = x * 255 / (panelWidth - 1)
                    color = y < 330 ? stripes[band] : y < 345 ? hue(x * 6 * 256 / panelWidth) : (step, step, step)
                } else if y >= hill {
                    // Darker further down the slope, with a grain of ± 8.
                    let shade = min(30, (y - hill) / 3), grain = Int(seed >> 28) - 8
                    color = (30 - shade / 2 + grain, 75 - shade + grain, 40 - shade / 2 + grain)
                } else if distance <= sun.radius * sun.radius {
                    color = (255, 232, 140)
                } else {
                    let t = min(y, horizon)
                    color = (20 + 200 * t / horizon + 30 * x / panelWidth, 40 + 110 * t / horizon, 150 - 70 * t / horizon - 40 * x / panelWidth)
                    if distance < sun.glow * sun.glow {
                        // The glow fades from the sun's edge to `glow` pixels from its centre.
                        let k = (sun.glow * sun.glow - distance) * 160 / (sun.glow * sun.glow - sun.radius * sun.radius)
                        color = (color.0 + (255 - color.0) * k / 256, color.1 + (220 - color.1) * k / 256, color.2 + (150 - color.2) * k / 256)
                    }
                }
                let offset = (y * panelWidth + x) * 4
                rgba[offset] = UInt8(clamping: color.0)
                rgba[offset + 1] = UInt8(clamping: color.1)
                rgba[offset + 2] = UInt8(clamping: color.2)
            }
        }
        return try! Picture(width: panelWidth, height: panelHeight, rgba: rgba)
    }()

    /// A saturated hue at `position` (0 … 1535: red, yellow, green, cyan, blue, magenta, 256 steps each).
    static func hue(_ position: Int) -> (Int, Int, Int) {
        let step = position % 256
        switch min(5, position / 256) {
        case 0: return (255, step, 0)
        case 1: return (255 - step, 255, 0)
        case 2: return (0, 255, step)
        case 3: return (0, 255 - step, 255)
        case 4: return (step, 0, 255)
        default: return (255, 0, 255 - step)
        }
    }

    /// Half blocks as a terminal paints them: each cell's top half in its ▀'s colour, its bottom
    /// half in its background's, from xterm's palette; transparent where the encoder left the
    /// terminal's default.
    static func blocks(_ blocks: PictureEncoder.Blocks) throws -> Picture {
        var rgba = [UInt8](repeating: 0, count: panelWidth * panelHeight * 4)
        for row in 0..<blocks.rows {
            for column in 0..<blocks.columns {
                let (top, bottom) = blocks.colors(row: row, column: column)
                for y in 0..<cell.height {
                    let index = Int(y < cell.height / 2 ? top : bottom)
                    guard index >= 0 else { continue }
                    let (red, green, blue) = Color.rgb(of: index)
                    for x in 0..<cell.width {
                        let offset = ((row * cell.height + y) * panelWidth + column * cell.width + x) * 4
                        rgba[offset] = UInt8(red)
                        rgba[offset + 1] = UInt8(green)
                        rgba[offset + 2] = UInt8(blue)
                        rgba[offset + 3] = 255
                    }
                }
            }
        }
        return try Picture(width: panelWidth, height: panelHeight, rgba: rgba)
    }

    /// Direct-colour half blocks as a terminal paints them: the bytes read as cells (their
    /// SGR 38;2 and 48;2 colours, `▀`, `▄` and spaces), each cell's top half in its top
    /// pixel's colour and its bottom half in its bottom one's; transparent where the encoder
    /// left the terminal's default background.
    static func directBlocks(_ bytes: [UInt8]) throws -> Picture {
        let read = try readDirectCells(bytes)
        #expect(read.cells.count == rows && read.cells.allSatisfy { $0.count == columns },
                "direct half blocks read as \(read.cells.map(\.count)) cells a row")
        var rgba = [UInt8](repeating: 0, count: panelWidth * panelHeight * 4)
        for (row, cells) in read.cells.prefix(rows).enumerated() {
            for (column, pixels) in cells.prefix(columns).enumerated() {
                for y in 0..<cell.height {
                    guard let shown = y < cell.height / 2 ? pixels.top : pixels.bottom else { continue }
                    for x in 0..<cell.width {
                        let offset = ((row * cell.height + y) * panelWidth + column * cell.width + x) * 4
                        rgba[offset] = shown.red
                        rgba[offset + 1] = shown.green
                        rgba[offset + 2] = shown.blue
                        rgba[offset + 3] = 255
                    }
                }
            }
        }
        return try Picture(width: panelWidth, height: panelHeight, rgba: rgba)
    }

    /// Sixel decoded by libsixel's `sixel2png`, put on a panel from its top left (a sixel's
    /// height is a multiple of 6 pixels: what it does not reach stays transparent).
    static func sixel(_ bytes: [UInt8]) throws -> Picture {
        let decoded = try Picture(png: try run("sixel2png", [], input: bytes))
        #expect(decoded.width <= panelWidth && decoded.height <= panelHeight && decoded.height > panelHeight - 6,
                "sixel2png gave \(decoded.width)x\(decoded.height)")
        return try placed(decoded)
    }

    /// Kitty graphics read back (base64, inflated) as the terminal receives them.
    static func kitty(_ bytes: [UInt8]) throws -> Picture {
        let image = try readKitty(bytes)
        return try placed(Picture(width: image.width, height: image.height, rgba: image.rgba))
    }

    /// `picture` on a transparent panel from its top left, cut to the panel.
    static func placed(_ picture: Picture) throws -> Picture {
        var rgba = [UInt8](repeating: 0, count: panelWidth * panelHeight * 4)
        for y in 0..<min(picture.height, panelHeight) {
            let count = min(picture.width, panelWidth) * 4
            let from = y * picture.width * 4, to = y * panelWidth * 4
            rgba[to..<(to + count)] = picture.rgba[from..<(from + count)]
        }
        return try Picture(width: panelWidth, height: panelHeight, rgba: rgba)
    }

    /// The five panels as the encoders give them now: source, half blocks, half blocks in
    /// direct colour, sixel, kitty.
    static func panels() throws -> [Picture] {
        [source,
         try blocks(PictureEncoder.blocks(source, columns: columns, rows: rows)),
         try directBlocks(PictureEncoder.directBlocks(source, columns: columns, rows: rows)),
         try sixel(PictureEncoder.sixel(source, columns: columns, rows: rows, cell: cell)),
         try kitty(PictureEncoder.kitty(source, columns: columns, rows: rows, cell: cell))]
    }

    /// The panels side by side, `gap` transparent pixels apart.
    static func composite(_ panels: [Picture]) throws -> Picture {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for (index, panel) in panels.enumerated() {
            let left = index * (panelWidth + gap)
            for y in 0..<panelHeight {
                let from = y * panelWidth * 4, to = (y * width + left) * 4
                rgba[to..<(to + panelWidth * 4)] = panel.rgba[from..<(from + panelWidth * 4)]
            }
        }
        return try Picture(width: width, height: height, rgba: rgba)
    }

    /// Panel `index` (0 … 4) cut from the composite.
    static func panel(_ index: Int, of composite: Picture) throws -> Picture {
        let left = index * (panelWidth + gap)
        var rgba: [UInt8] = []
        rgba.reserveCapacity(panelWidth * panelHeight * 4)
        for y in 0..<panelHeight {
            let from = (y * composite.width + left) * 4
            rgba += composite.rgba[from..<(from + panelWidth * 4)]
        }
        return try Picture(width: panelWidth, height: panelHeight, rgba: rgba)
    }

    /// The largest difference of one channel (alpha included) between two panels, and how many
    /// pixels differ at all.
    static func difference(_ a: Picture, _ b: Picture) -> (largest: Int, pixels: Int) {
        precondition(a.rgba.count == b.rgba.count)
        var largest = 0, pixels = 0
        for pixel in stride(from: 0, to: a.rgba.count, by: 4) {
            var worst = 0
            for channel in 0..<4 { worst = max(worst, abs(Int(a.rgba[pixel + channel]) - Int(b.rgba[pixel + channel]))) }
            largest = max(largest, worst)
            if worst > 0 { pixels += 1 }
        }
        return (largest, pixels)
    }
}

@Suite("the four ways a picture is drawn, as docs/pictures/ways.png shows them")
struct WaysTests {
    static let recording = ProcessInfo.processInfo.environment["SPINDLE_RECORD_PICTURES"] == "1"

    @Test("docs/pictures/ways.png is the source, half blocks, half blocks in direct colour, sixel and kitty as the encoders give them now (SPINDLE_RECORD_PICTURES=1 writes it)")
    func ways() throws {
        let panels = try Ways.panels()
        if Self.recording {
            try FileManager.default.createDirectory(at: Ways.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(try Ways.composite(panels).png()).write(to: Ways.file)
        }
        let bytes = try Data(contentsOf: Ways.file)
        #expect(bytes.count < 150_000, "docs/pictures/ways.png is \(bytes.count) bytes")
        let recorded = try Picture(png: [UInt8](bytes))
        try #require(recorded.width == Ways.width && recorded.height == Ways.height,
                     "docs/pictures/ways.png is \(recorded.width)x\(recorded.height), not \(Ways.width)x\(Ways.height)")
        let names = Ways.names
        let tolerances = [Ways.tolerance.source, Ways.tolerance.blocks, Ways.tolerance.directBlocks, Ways.tolerance.sixel, Ways.tolerance.kitty]
        for index in names.indices {
            let committed = try Ways.panel(index, of: recorded)
            let now = Ways.difference(committed, panels[index])
            #expect(now.largest <= tolerances[index],
                    "\(names[index]): \(now.pixels) pixels differ, by up to \(now.largest); run with SPINDLE_RECORD_PICTURES=1 to record")
            // Another way's panel is far outside the tolerance, so the comparison would see a
            // panel drawn another way, or in the wrong place (kitty's is the source's pixels:
            // each is held against half blocks, and half blocks against sixel).
            let otherIndex = index == 1 ? 3 : 1
            let other = Ways.difference(committed, panels[otherIndex])
            #expect(other.largest > 4 * max(tolerances[index], 8) && other.pixels > 10_000,
                    "\(names[index]) against \(names[otherIndex]): \(other)")
        }
        // The gaps stay transparent.
        for index in 1..<names.count {
            let left = index * (Ways.panelWidth + Ways.gap) - Ways.gap
            for y in stride(from: 0, to: Ways.height, by: 7) {
                for x in left..<(left + Ways.gap) { #expect(recorded.rgba[(y * Ways.width + x) * 4 + 3] == 0) }
            }
        }
    }

    @Test("the source and its ways: every pixel opaque, half blocks all in 16 … 255, direct-colour half blocks, sixel and kitty covering the area")
    func panels() throws {
        let blocks = PictureEncoder.blocks(Ways.source, columns: Ways.columns, rows: Ways.rows)
        #expect(blocks.columns == Ways.columns && blocks.rows == Ways.rows)
        #expect((blocks.foreground + blocks.background).allSatisfy { (16...255).contains($0) })
        let panels = try Ways.panels()
        for (index, panel) in panels.enumerated() {
            let transparent = stride(from: 3, to: panel.rgba.count, by: 4).filter { panel.rgba[$0] != 255 }.count
            #expect(transparent == 0, "panel \(index): \(transparent) pixels not opaque")
        }
        // Kitty sends the source's pixels unscaled at this size: they come back exactly.
        #expect(Ways.difference(panels[4], Ways.source).largest == 0)
        // Direct colour is the source scaled to two pixels a cell, each half of a cell exactly
        // its pixel's colour.
        let small = PictureEncoder.scaled(Ways.source, width: Ways.columns, height: Ways.rows * 2)
        var mismatches = 0
        for y in 0..<Ways.rows * 2 {
            for x in 0..<Ways.columns {
                let panelOffset = ((y * Ways.cell.height / 2 + 1) * Ways.panelWidth + x * Ways.cell.width + 1) * 4
                let smallOffset = (y * Ways.columns + x) * 4
                if panels[2].rgba[panelOffset..<(panelOffset + 3)] != small[smallOffset..<(smallOffset + 3)] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("what each way costs at 24x18 cells of 10x20 (SPINDLE_PICTURE_COSTS=1 prints it)",
          .enabled(if: ProcessInfo.processInfo.environment["SPINDLE_PICTURE_COSTS"] == "1"))
    func costs() {
        let source = Ways.source
        let blocks = EncodingCostTests.median { PictureEncoder.blocks(source, columns: Ways.columns, rows: Ways.rows).foreground.count }
        let sixel = EncodingCostTests.median { PictureEncoder.sixel(source, columns: Ways.columns, rows: Ways.rows, cell: Ways.cell).count }
        let kitty = EncodingCostTests.median { PictureEncoder.kitty(source, columns: Ways.columns, rows: Ways.rows, cell: Ways.cell).count }
        print("""
            ways at \(Ways.columns)x\(Ways.rows) cells of \(Ways.cell.width)x\(Ways.cell.height): \
            half blocks \(blocks.size) cells in \(blocks.milliseconds) ms; sixel \(sixel.size) bytes in \(sixel.milliseconds) ms; \
            kitty \(kitty.size) bytes in \(kitty.milliseconds) ms
            """)
        #expect(blocks.size == Ways.columns * Ways.rows && sixel.size > 0 && kitty.size > 0)
    }
}
