import Foundation
import Testing
@testable import SpindleUIPictures
import Terminal

@Suite("pictures")
struct PictureTests {
    @Test("half blocks: each cell's ▀ has its top pixel's colour in front and its bottom pixel's behind, within 48 per channel")
    func halfBlocks() {
        let screen = HeadlessScreen(size: Size(rows: 6, columns: 10))
        let picture = quadrants(width: 16, height: 16)
        screen.frame { PictureView(picture: picture, protocol: .blocks).render(in: Rect(row: 1, column: 1, rows: 4, columns: 8), on: $0, cache: PictureCache()) }
        // 16 × 16 pixels into 8 columns × 8 half rows: 8 × 4 cells.
        for row in 0..<4 {
            for column in 0..<8 {
                let cell = screen.cell(row: 1 + row, column: 1 + column)
                #expect(cell.text == "▀")
                guard case .indexed(let top) = cell.style.foreground, case .indexed(let bottom) = cell.style.background else {
                    Issue.record("cell \(row),\(column) has no indexed colours: \(cell.style)")
                    continue
                }
                let expectedTop = quadrantColors[quadrant(x: column, y: row * 2, width: 8, height: 8)]
                let expectedBottom = quadrantColors[quadrant(x: column, y: row * 2 + 1, width: 8, height: 8)]
                #expect(top >= 16 && bottom >= 16, "only the 240 colours every 256-colour terminal shares")
                #expect(distance(paletteRGB(Int(top)), expectedTop) <= 48, "cell \(row),\(column) top \(top)")
                #expect(distance(paletteRGB(Int(bottom)), expectedBottom) <= 48, "cell \(row),\(column) bottom \(bottom)")
            }
        }
        #expect(screen.rowText(0).isEmpty && screen.rowText(5).isEmpty)
        #expect(screen.cell(row: 1, column: 9).text == " ")
    }

    @Test("the picture keeps its aspect ratio: a tall one in a wide area takes the height, a wide one the width")
    func fitting() {
        let tenByTwenty = CellPixelSize(width: 10, height: 20)
        #expect(PictureView.fit(width: 320, height: 480, columns: 40, rows: 20, cell: tenByTwenty) == (27, 20))
        #expect(PictureView.fit(width: 480, height: 320, columns: 20, rows: 40, cell: tenByTwenty) == (20, 7))
        #expect(PictureView.fit(width: 100, height: 100, columns: 10, rows: 10, cell: CellPixelSize(width: 1, height: 2)) == (10, 5))
        #expect(PictureView.fit(width: 1, height: 1000, columns: 10, rows: 10, cell: tenByTwenty) == (1, 10))
        #expect(PictureView.fit(width: 10, height: 10, columns: 0, rows: 0, cell: tenByTwenty) == (0, 0))
    }

    @Test("a 1x1 area shows one cell, a 0x0 area nothing, through every protocol; nothing is drawn outside the area")
    func tinyAreas() {
        let picture = quadrants(width: 8, height: 8)
        for way in PictureProtocol.allCases {
            let screen = HeadlessScreen(size: Size(rows: 3, columns: 3))
            screen.frame { canvas in
                canvas.fill(Rect(row: 0, column: 0, rows: 3, columns: 3), with: "·", style: .plain)
                PictureView(picture: picture, protocol: way).render(in: Rect(row: 1, column: 1, rows: 1, columns: 1), on: canvas)
                PictureView(picture: picture, protocol: way).render(in: Rect(row: 0, column: 0, rows: 0, columns: 0), on: canvas)
            }
            #expect(screen.rowText(0) == "···")
            #expect(screen.rowText(2) == "···")
            switch way {
            case .blocks: #expect(screen.rowText(1) == "·▀·")
            case .kitty, .sixel, .directBlocks: #expect(screen.shownImages.map(\.rect) == [Rect(row: 1, column: 1, rows: 1, columns: 1)])
            case .off: #expect(screen.rowText(1) == "· ·" && screen.shownImages.isEmpty)
            }
        }
    }

    @Test("hostile pictures are refused with a clear error: 0x0, 30000x30000 declared over a small buffer, a buffer of the wrong size")
    func hostile() {
        #expect(throws: PictureError.empty(width: 0, height: 0)) { try Picture(width: 0, height: 0, rgba: []) }
        #expect(throws: PictureError.empty(width: -3, height: 5)) { try Picture(width: -3, height: 5, rgba: []) }
        #expect(throws: PictureError.tooLarge(width: 30000, height: 30000)) { try Picture(width: 30000, height: 30000, rgba: [1, 2, 3, 4]) }
        #expect(throws: PictureError.tooLarge(width: Int.max, height: 2)) { try Picture(width: Int.max, height: 2, rgba: []) }
        #expect(throws: PictureError.wrongBufferSize(expected: 400, actual: 3)) { try Picture(width: 10, height: 10, rgba: [0, 0, 0]) }
        #expect("\(PictureError.tooLarge(width: 30000, height: 30000))" == "a picture of 30000x30000 pixels is larger than the 16777216 pixels allowed")
    }

    @Test("sixel: sixel2png decodes the output to the source within 24 per channel, away from the quadrants' edges")
    func sixel() throws {
        let picture = quadrants(width: 40, height: 40)
        let bytes = PictureEncoder.sixel(picture, columns: 4, rows: 2, cell: CellPixelSize(width: 10, height: 20))
        #expect(PlacedImage(format: .sixel, identity: 0, bytes: bytes) != nil)
        let png = try run("sixel2png", [], input: bytes)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "sixel2png made no PNG")
        let size = try run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", "-"], input: png)
        let sides = String(decoding: size, as: UTF8.self).split(whereSeparator: { $0 == "," || $0 == "\n" }).compactMap { Int($0) }
        #expect(sides.count == 2)
        let (width, height) = (sides.first ?? 0, sides.last ?? 0)
        // 4 × 2 cells of 10 × 20 pixels; a sixel's height is cut to a multiple of 6.
        #expect(width == 40 && height == 36)
        let pixels = try run("ffmpeg", ["-v", "error", "-i", "-", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], input: png)
        #expect(pixels.count == width * height * 3)
        guard pixels.count == width * height * 3 else { return }
        var worst = 0
        for y in stride(from: 1, to: height, by: 3) {
            for x in stride(from: 1, to: width, by: 3) where abs(x * 2 - 40) > 6 && abs(y * 2 - 40) > 6 {
                let offset = (y * width + x) * 3
                let expected = quadrantColors[quadrant(x: x, y: y, width: 40, height: 40)]
                worst = max(worst, distance((Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2])), expected))
            }
        }
        #expect(worst <= 24, "sixel pixels differ from the source by up to \(worst)")
    }

    @Test("the cache keeps encodings up to its capacity, dropping the least recently used")
    func cache() {
        let cache = PictureCache(capacity: 1000)
        func key(_ n: Int) -> PictureCache.Key {
            PictureCache.Key(picture: n, columns: 1, rows: 1, cell: CellPixelSize(width: 1, height: 1), protocol: .sixel)
        }
        var made = 0
        for n in 0..<3 { _ = cache.entry(for: key(n)) { made += 1; return .bytes([UInt8](repeating: 0, count: 236)) } }
        #expect(made == 3 && cache.totalBytes == 900)
        _ = cache.entry(for: key(0)) { made += 1; return .bytes([]) }   // used: now the newest
        #expect(made == 3)
        _ = cache.entry(for: key(3)) { made += 1; return .bytes([UInt8](repeating: 0, count: 236)) }
        #expect(cache.count == 3 && cache.totalBytes <= 1000)
        _ = cache.entry(for: key(1)) { made += 1; return .bytes([UInt8](repeating: 0, count: 236)) }   // dropped: made again
        #expect(made == 5)
        _ = cache.entry(for: key(9)) { .bytes([UInt8](repeating: 0, count: 5000)) }   // larger than all: not kept
        #expect(cache.totalBytes <= 1000)
        #expect(PictureCache.shared.capacity == 32 << 20)
    }

    @Test("an unchanged picture is encoded once and placed once; a changed area encodes and places it again")
    func unchanged() {
        let screen = HeadlessScreen(size: Size(rows: 10, columns: 20))
        screen.cellPixelSize = CellPixelSize(width: 8, height: 16)
        let cache = PictureCache()
        let view = PictureView(picture: quadrants(width: 32, height: 32), protocol: .kitty)
        screen.frame { view.render(in: Rect(row: 0, column: 0, rows: 10, columns: 20), on: $0, cache: cache) }
        // 32 × 32 pixels into 160 × 160: 20 × 10 cells of 8 × 16.
        #expect(screen.imagesSent.map(\.rect) == [Rect(row: 0, column: 0, rows: 10, columns: 20)])
        screen.frame { view.render(in: Rect(row: 0, column: 0, rows: 10, columns: 20), on: $0, cache: cache) }
        #expect(screen.imagesSent.isEmpty && cache.count == 1)
        screen.frame { view.render(in: Rect(row: 0, column: 0, rows: 2, columns: 20), on: $0, cache: cache) }
        #expect(screen.imagesSent.map(\.rect) == [Rect(row: 0, column: 0, rows: 2, columns: 4)])
        #expect(screen.imagesRemoved.count == 1 && cache.count == 2)
    }
}

/// One kitty graphics command: its keys and its payload.
struct APCCommand {
    var keys: [String: String]
    var payload: String
}

struct MalformedAPC: Error {}

/// Splits `ESC _ G keys ; payload ESC \` commands.
func parseAPC(_ bytes: [UInt8]) throws -> [APCCommand] {
    let text = String(decoding: bytes, as: UTF8.self)
    var commands: [APCCommand] = []
    var rest = Substring(text)
    while !rest.isEmpty {
        guard rest.hasPrefix("\u{1B}_G"), let end = rest.range(of: "\u{1B}\\") else { throw MalformedAPC() }
        let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound]
        let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in parts[0].split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
        }
        commands.append(APCCommand(keys: keys, payload: parts.count > 1 ? String(parts[1]) : ""))
        rest = rest[end.upperBound...]
    }
    return commands
}
