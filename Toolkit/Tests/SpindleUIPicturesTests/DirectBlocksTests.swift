import Foundation
import Testing
@testable import SpindleUIPictures
@testable import Terminal

/// A pixel as the terminal shows it: a colour, or nil for its default background.
struct Shown: Equatable, CustomStringConvertible {
    var red, green, blue: UInt8
    var description: String { "(\(red),\(green),\(blue))" }
}

/// Direct-colour half blocks read back as a terminal would draw them.
struct DirectCells {
    /// Row by row, each cell's top and bottom pixel.
    var cells: [[(top: Shown?, bottom: Shown?)]] = []
    /// How many SGR sequences the bytes hold.
    var sgrCount = 0
}

struct UnreadableCells: Error, CustomStringConvertible {
    var description: String
}

/// Reads `bytes` (rows separated by line feeds) as a terminal: SGR 0, 38;2, 48;2, 49 change
/// the colours; `▀`, `▄` and a space draw a cell. Anything else fails, as does a half block
/// drawn in the default foreground (that would show the terminal's text colour).
func readDirectCells(_ bytes: [UInt8]) throws -> DirectCells {
    var result = DirectCells()
    var foreground: Shown?, background: Shown?
    var row: [(top: Shown?, bottom: Shown?)] = []
    var index = 0
    func shown(_ values: ArraySlice<Int>) throws -> Shown {
        guard values.count >= 5, values.dropFirst(2).prefix(3).allSatisfy({ (0...255).contains($0) }) else {
            throw UnreadableCells(description: "a colour of \(Array(values))")
        }
        let start = values.startIndex
        return Shown(red: UInt8(values[start + 2]), green: UInt8(values[start + 3]), blue: UInt8(values[start + 4]))
    }
    while index < bytes.count {
        switch bytes[index] {
        case 0x0A:
            result.cells.append(row)
            row = []
            index += 1
        case 0x1B:
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "m")), bytes[index + 1] == UInt8(ascii: "[") else {
                throw UnreadableCells(description: "an escape that is not SGR at \(index)")
            }
            result.sgrCount += 1
            let values = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? -1 }
            var at = 0
            while at < values.count {
                switch values[at] {
                case 0: foreground = nil; background = nil; at += 1
                case 49: background = nil; at += 1
                case 38: foreground = try shown(values[at...]); at += 5
                case 48: background = try shown(values[at...]); at += 5
                default: throw UnreadableCells(description: "SGR parameter \(values[at])")
                }
            }
            index = end + 1
        case 0x20:
            row.append((background, background))
            index += 1
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x96 && (bytes[index + 2] == 0x80 || bytes[index + 2] == 0x84):
            guard let foreground else { throw UnreadableCells(description: "a half block in the default foreground") }
            row.append(bytes[index + 2] == 0x80 ? (foreground, background) : (background, foreground))
            index += 3
        default:
            throw UnreadableCells(description: "byte \(bytes[index]) at \(index)")
        }
    }
    result.cells.append(row)
    return result
}

/// The pixel at `x`, `y` of `picture` as it should show: nil when transparent.
func expectedPixel(_ picture: Picture, x: Int, y: Int) -> Shown? {
    let offset = (y * picture.width + x) * 4
    guard picture.rgba[offset + 3] >= 128 else { return nil }
    return Shown(red: picture.rgba[offset], green: picture.rgba[offset + 1], blue: picture.rgba[offset + 2])
}

@Suite("half blocks in direct colour")
struct DirectBlocksTests {
    @Test("at one pixel to a half cell, every cell read back is the source's two pixels exactly (a photo-like picture)")
    func exactAtOneToOne() throws {
        let picture = photoLike(width: 24, height: 36)
        let bytes = PictureEncoder.directBlocks(picture, columns: 24, rows: 18)
        let read = try readDirectCells(bytes)
        #expect(read.cells.count == 18 && read.cells.allSatisfy { $0.count == 24 })
        for row in 0..<18 {
            for column in 0..<24 {
                let cell = read.cells[row][column]
                #expect(cell.top == expectedPixel(picture, x: column, y: row * 2), "cell \(row),\(column) top")
                #expect(cell.bottom == expectedPixel(picture, x: column, y: row * 2 + 1), "cell \(row),\(column) bottom")
            }
        }
        #expect(bytes.suffix(4) == Array("\u{1B}[0m".utf8) && bytes.starts(with: Array("\u{1B}[0;".utf8)))
    }

    @Test("scaled down, the flat regions come back exactly: quadrants of 32x32 into 8x4 cells, away from their edges")
    func flatRegions() throws {
        let picture = quadrants(width: 32, height: 32)
        let read = try readDirectCells(PictureEncoder.directBlocks(picture, columns: 8, rows: 4))
        #expect(read.cells.count == 4 && read.cells.allSatisfy { $0.count == 8 })
        // 8 × 8 half-cell pixels; those beside the quadrants' edges (3 and 4) blend both sides.
        for y in 0..<8 where y != 3 && y != 4 {
            for x in 0..<8 where x != 3 && x != 4 {
                let cell = read.cells[y / 2][x]
                let color = quadrantColors[quadrant(x: x, y: y, width: 8, height: 8)]
                #expect((y % 2 == 0 ? cell.top : cell.bottom) == Shown(red: color.0, green: color.1, blue: color.2), "pixel \(x),\(y)")
            }
        }
    }

    @Test("a colour is written only when it changes: a flat picture takes one SGR before its cells and the reset after them")
    func runsNotRepeated() throws {
        let flat = try Picture(width: 40, height: 40, rgba: [UInt8](repeating: 0, count: 40 * 40 * 4).enumerated().map { $0.offset % 4 == 3 ? 255 : 90 })
        let bytes = PictureEncoder.directBlocks(flat, columns: 10, rows: 5)
        let read = try readDirectCells(bytes)
        #expect(read.sgrCount == 2)
        #expect(read.cells.flatMap { $0 }.allSatisfy { $0.top == Shown(red: 90, green: 90, blue: 90) && $0.bottom == $0.top })
        // Two colours a row, alternating by row: each row changes them once at most.
        var rgba: [UInt8] = []
        for y in 0..<10 { for _ in 0..<10 { rgba += y % 2 == 0 ? [200, 10, 10, 255] : [10, 10, 200, 255] } }
        let striped = try readDirectCells(PictureEncoder.directBlocks(try Picture(width: 10, height: 10, rgba: rgba), columns: 10, rows: 5))
        #expect(striped.sgrCount <= 5 + 1)
    }

    @Test("empty sizes give nothing; a 1x1 area one cell")
    func tiny() throws {
        let picture = quadrants(width: 8, height: 8)
        #expect(PictureEncoder.directBlocks(picture, columns: 0, rows: 4).isEmpty)
        #expect(PictureEncoder.directBlocks(picture, columns: 4, rows: 0).isEmpty)
        #expect(PictureEncoder.directBlocks(picture, columns: -1, rows: -1).isEmpty)
        #expect(PictureEncoder.directBlocks(picture, columns: Int.max, rows: 2).isEmpty)
        let one = try readDirectCells(PictureEncoder.directBlocks(picture, columns: 1, rows: 1))
        #expect(one.cells.count == 1 && one.cells[0].count == 1)
    }

    @Test("transparent pixels show the terminal's background (SGR 49): ▀ over a transparent bottom, ▄ under a transparent top, a space for both")
    func transparent() throws {
        // 4 × 4: the left half opaque red; on the right, the top row opaque green, the next
        // transparent, then transparent over opaque blue.
        var rgba: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<4 {
                if x < 2 { rgba += [255, 0, 0, 255] }
                else if y == 0 { rgba += [0, 255, 0, 255] }
                else if y == 1 || y == 2 { rgba += [0, 0, 0, 0] }
                else { rgba += [0, 0, 255, 200] }
            }
        }
        let picture = try Picture(width: 4, height: 4, rgba: rgba)
        let bytes = PictureEncoder.directBlocks(picture, columns: 4, rows: 2)
        let read = try readDirectCells(bytes)
        let red = Shown(red: 255, green: 0, blue: 0), green = Shown(red: 0, green: 255, blue: 0), blue = Shown(red: 0, green: 0, blue: 255)
        for row in 0..<2 { for column in 0..<2 { #expect(read.cells[row][column] == (red, red)) } }
        #expect(read.cells[0][2] == (green, nil) && read.cells[0][3] == (green, nil))
        #expect(read.cells[1][2] == (nil, blue) && read.cells[1][3] == (nil, blue))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("49m") && text.contains("▄"))
        // A poster fitted into a wider area: its padding is all transparent, a space on 49.
        let clear = try Picture(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 16))
        let blank = try readDirectCells(PictureEncoder.directBlocks(clear, columns: 2, rows: 1))
        #expect(blank.cells.count == 1 && blank.cells[0].count == 2 && blank.cells[0].allSatisfy { $0.top == nil && $0.bottom == nil })
    }

    @Test("only SGR colours, half blocks and spaces reach the terminal: the encoder's output is accepted as cells; escapes, text and cut sequences are refused")
    func noInjection() {
        for seed in 0..<8 {
            let picture = photoLike(width: 17 + seed, height: 23)
            let bytes = PictureEncoder.directBlocks(picture, columns: 5 + seed, rows: 4)
            #expect(PlacedImage(format: .cells, identity: 0, bytes: bytes) != nil)
            #expect(PlacedImage.cellExtent(bytes)! == (4, 5 + seed))
        }
        let cell = Array("\u{1B}[0;38;2;1;2;3m▀".utf8)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: cell) != nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: []) == nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: Array("text".utf8)) == nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: cell + Array("\u{1B}[2J".utf8)) == nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: cell + Array("\u{1B}]0;title\u{07}".utf8)) == nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: cell + Array("\u{1B}[38;2;1".utf8)) == nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: cell + Array("\r\u{08}\t".utf8)) == nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: cell + Array("█".utf8)) == nil)
        #expect(PlacedImage(format: .cells, identity: 0, bytes: Array("\u{1B}[".utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: 65) + [UInt8(ascii: "m")]) == nil)
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: cell) == nil && PlacedImage(format: .sixel, identity: 0, bytes: cell) == nil)
    }

    @Test("the view places the cells over the area like sixel: recorded once, fitted, blanked; kept while unchanged; encoded once")
    func placed() throws {
        let screen = HeadlessScreen(size: Size(rows: 12, columns: 30))
        let cache = PictureCache()
        let view = PictureView(picture: quadrants(width: 32, height: 48), protocol: .directBlocks)
        let area = Rect(row: 1, column: 2, rows: 10, columns: 20)
        screen.frame { canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 12, columns: 30), with: "x", style: .plain)
            view.render(in: area, on: canvas, cache: cache)
        }
        // 32 × 48 pixels into 20 × 20 half-cell pixels: 13 × 10 cells (2 : 3 kept).
        let fitted = Rect(row: 1, column: 2, rows: 10, columns: 13)
        #expect(screen.imagesSent.map(\.rect) == [fitted])
        #expect(screen.imagesSent.map(\.image.format) == [.cells])
        #expect(screen.rowText(1) == "xx" + String(repeating: " ", count: 20) + "xxxxxxxx")
        let bytes = try #require(screen.imagesSent.first?.image.bytes)
        let read = try readDirectCells(bytes)
        #expect(read.cells.count == 10 && read.cells.allSatisfy { $0.count == 13 })
        #expect(read.cells[0][0].top == Shown(red: 255, green: 0, blue: 0) && read.cells[9][12].bottom == Shown(red: 255, green: 255, blue: 255))
        screen.frame { canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 12, columns: 30), with: "x", style: .plain)
            view.render(in: area, on: canvas, cache: cache)
        }
        #expect(screen.imagesSent.isEmpty && screen.imagesRemoved.isEmpty && cache.count == 1)
        screen.frame { canvas in
            view.render(in: area, on: canvas, cache: cache)
            canvas.put("over", row: 3, column: 4)
        }
        #expect(screen.shownImages.isEmpty && screen.imagesRemoved.map(\.rect) == [fitted])
    }

    @Test("cells that do not fit their rectangle are not placed")
    func mustFit() throws {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 10))
        let bytes = PictureEncoder.directBlocks(quadrants(width: 4, height: 6), columns: 4, rows: 3)
        let image = try #require(PlacedImage(format: .cells, identity: 1, bytes: bytes))
        #expect(image.fits(in: Rect(row: 0, column: 0, rows: 3, columns: 4)))
        #expect(!image.fits(in: Rect(row: 0, column: 0, rows: 2, columns: 4)) && !image.fits(in: Rect(row: 0, column: 0, rows: 3, columns: 3)))
        screen.frame { $0.placeImage(image, in: Rect(row: 0, column: 0, rows: 2, columns: 4)) }
        #expect(screen.shownImages.isEmpty)
        screen.frame { $0.placeImage(image, in: Rect(row: 1, column: 1, rows: 4, columns: 6)) }
        #expect(screen.shownImages.map(\.rect) == [Rect(row: 1, column: 1, rows: 4, columns: 6)])
    }

    /// A real screen, so run alone (one screen at a time in a process, and colours only without
    /// `NO_COLOR`, which the test runner sets): `SPINDLE_PICTURE_COSTS=1 swift test --filter bytesWritten`.
    @Test("what direct colour costs against the indexed half blocks: 24x18 cells of a photo-like picture, as the screen writes them (SPINDLE_PICTURE_COSTS=1 runs it)",
          .enabled(if: ProcessInfo.processInfo.environment["SPINDLE_PICTURE_COSTS"] == "1"))
    func bytesWritten() throws {
        unsetenv("NO_COLOR")
        let source = Ways.source   // 240 × 360: exactly 24 × 18 cells of two pixels
        let area = Rect(row: 0, column: 0, rows: Ways.rows, columns: Ways.columns)
        func written(_ way: PictureProtocol) throws -> Int {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("spindle-direct-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let output = try FileHandle(forWritingTo: url), reader = try FileHandle(forReadingFrom: url)
            try FileManager.default.removeItem(at: url)
            let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
            let screen = try TerminalScreen(options: TerminalOptions(
                device: .streams(input: input.fileDescriptor, output: output.fileDescriptor, type: "xterm-256color", size: Size(rows: 24, columns: 80))
            ))
            defer { screen.stop() }
            try #require(screen.colorsEnabled)
            screen.frame { $0.put("Spindle", row: 20, column: 0) }
            let before = try reader.readToEnd()?.count ?? 0
            screen.frame { canvas in
                canvas.put("Spindle", row: 20, column: 0)
                PictureView(picture: source, protocol: way).render(in: area, on: canvas, cache: PictureCache())
            }
            try reader.seek(toOffset: 0)
            let all = try reader.readToEnd() ?? Data()
            return all.count - before
        }
        let indexed = try written(.blocks), direct = try written(.directBlocks)
        let encoded = PictureEncoder.directBlocks(source, columns: Ways.columns, rows: Ways.rows)
        let time = EncodingCostTests.median { PictureEncoder.directBlocks(source, columns: Ways.columns, rows: Ways.rows).count }
        print("""
            24x18 cells: indexed half blocks \(indexed) bytes written (\(Double(indexed) / 432) a cell); \
            direct colour \(direct) bytes written (\(Double(direct) / 432) a cell), \(encoded.count) of them the encoding, made in \(time.milliseconds) ms
            """)
        #expect(indexed > 432 && direct > encoded.count && direct < encoded.count + 400)
        // At most the two colours' SGR and the ▀ per cell (38;2 and 48;2 of three-digit values).
        #expect(encoded.count < 432 * 42)
    }
}

@Suite("detecting direct colour")
struct DirectColorDetectionTests {
    @Test("COLORTERM truecolor or 24bit means half blocks in direct colour, unless kitty graphics or sixel can be had; inside tmux COLORTERM alone decides")
    func detection() {
        let truecolor = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        #expect(PictureProtocol.detect(environment: truecolor, answer: DetectionTests.xterm) == .directBlocks)
        #expect(PictureProtocol.detect(environment: truecolor, answer: nil) == .directBlocks)
        #expect(PictureProtocol.detect(environment: ["COLORTERM": "24bit"], answer: DetectionTests.vte) == .directBlocks)
        #expect(PictureProtocol.detect(environment: ["COLORTERM": "TrueColor"], answer: nil) == .directBlocks)
        #expect(PictureProtocol.detect(environment: ["COLORTERM": "yes"], answer: nil) == .blocks)
        #expect(PictureProtocol.detect(environment: ["TERM": "xterm-256color"], answer: nil) == .blocks)
        // Kitty still wins; sixel wins where the terminal answers it (foot sets COLORTERM too).
        #expect(PictureProtocol.detect(environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"], answer: nil) == .kitty)
        #expect(PictureProtocol.detect(environment: ["TERM": "foot", "COLORTERM": "truecolor"], answer: DetectionTests.foot) == .sixel)
        // The environment alone does not decide outside tmux: the terminal is still asked.
        #expect(PictureProtocol.fromEnvironment(truecolor) == nil)
        // Inside tmux: COLORTERM from the terminal tmux was started in.
        #expect(PictureProtocol.fromEnvironment(["TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": "truecolor"]) == .directBlocks)
        #expect(PictureProtocol.fromEnvironment(["TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": "24bit", "TERM": "xterm-kitty"]) == .directBlocks)
        #expect(PictureProtocol.fromEnvironment(["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]) == .blocks)
        #expect(PictureProtocol.hasDirectColor(["COLORTERM": "24bit"]) && !PictureProtocol.hasDirectColor([:]))
    }

    @Test("--pictures truecolor forces it; auto finds it after asking the terminal")
    func setting() {
        var asked = 0
        let ask = { () -> [UInt8]? in asked += 1; return DetectionTests.xterm }
        #expect(PictureSetting(rawValue: "truecolor")?.resolve(environment: [:], ask: ask) == .directBlocks)
        #expect(PictureSetting.directBlocks.forced == .directBlocks && PictureProtocol(rawValue: "truecolor") == .directBlocks)
        #expect(asked == 0)
        #expect(PictureSetting.auto.resolve(environment: ["COLORTERM": "truecolor"], ask: ask) == .directBlocks)
        #expect(asked == 1)
        #expect(PictureSetting.auto.resolve(environment: ["TMUX": "x", "COLORTERM": "truecolor"], ask: ask) == .directBlocks)
        #expect(asked == 1)
    }
}
