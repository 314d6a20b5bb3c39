import CZlib
import Foundation
import Testing
@testable import SpindleUIPictures
@testable import Terminal

/// A kitty transmission read back: the first command's keys and the pixels, inflated.
struct KittyImage {
    var keys: [String: String]
    var width: Int
    var height: Int
    var rgba: [UInt8]
    var chunks: Int

    /// The red, green, blue and alpha at `x`, `y`.
    func pixel(x: Int, y: Int) -> (Int, Int, Int, Int) {
        let offset = (y * width + x) * 4
        return (Int(rgba[offset]), Int(rgba[offset + 1]), Int(rgba[offset + 2]), Int(rgba[offset + 3]))
    }
}

/// Parses `bytes` as the kitty encoder's output, checking the protocol on the way: `a=T,f=32,o=z`
/// and the sizes on the first command, only `m` and `q=2` on the others, `m=1` on all but the
/// last, every payload at most 4096 bytes of base64 and a multiple of 4 but the last; then the
/// payload base64-decoded whole and inflated to exactly `s` × `v` × 4 bytes.
func readKitty(_ bytes: [UInt8]) throws -> KittyImage {
    let commands = try parseAPC(bytes)
    let first = try #require(commands.first).keys
    #expect(first["a"] == "T" && first["f"] == "32" && first["o"] == "z")
    let width = try #require(Int(first["s"] ?? "")), height = try #require(Int(first["v"] ?? ""))
    for (index, command) in commands.enumerated() {
        let last = index == commands.count - 1
        #expect(command.keys["m"] == (last ? "0" : "1"), "chunk \(index) of \(commands.count): m=\(command.keys["m"] ?? "none")")
        #expect(command.payload.utf8.count <= 4096, "chunk \(index) holds \(command.payload.utf8.count) bytes")
        #expect(!command.payload.isEmpty)
        if !last { #expect(command.payload.utf8.count % 4 == 0, "chunk \(index) is not whole base64 groups") }
        if index > 0 { #expect(command.keys == ["m": last ? "0" : "1", "q": "2"], "chunk \(index) keys \(command.keys)") }
    }
    let deflated = [UInt8](try #require(Data(base64Encoded: commands.map(\.payload).joined())))
    var length = uLongf(width * height * 4)
    var rgba = [UInt8](repeating: 0, count: width * height * 4 + 1)
    let status = rgba.withUnsafeMutableBufferPointer { target in
        deflated.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
    }
    #expect(status == Z_OK, "zlib: \(status)")
    #expect(Int(length) == width * height * 4, "inflated \(length) bytes for \(width)x\(height)")
    rgba.removeLast()
    return KittyImage(keys: first, width: width, height: height, rgba: rgba, chunks: commands.count)
}

/// The largest difference of one channel from the quadrant a point of the kitty image maps to,
/// over points at least `margin` pixels from the quadrants' edges (where scaling blends them).
func quadrantError(_ image: KittyImage, margin: Int) -> Int {
    var worst = 0
    for y in 0..<image.height where abs(y * 2 + 1 - image.height) > margin * 2 {
        for x in 0..<image.width where abs(x * 2 + 1 - image.width) > margin * 2 {
            let (red, green, blue, alpha) = image.pixel(x: x, y: y)
            let expected = quadrantColors[quadrant(x: x, y: y, width: image.width, height: image.height)]
            worst = max(worst, distance((red, green, blue), expected), 255 - alpha)
        }
    }
    return worst
}

@Suite("kitty graphics, compressed")
struct KittyTests {
    let cell = CellPixelSize(width: 10, height: 20)

    @Test("a 40x40 picture into 4x2 cells of 10x20: a=T,f=32,o=z,s=40,v=40,c=4,r=2; the pixels inflate to the source exactly")
    func sameSize() throws {
        let bytes = PictureEncoder.kitty(quadrants(width: 40, height: 40), columns: 4, rows: 2, cell: cell)
        #expect(PlacedImage(format: .kitty, identity: 0, bytes: bytes) != nil)
        let image = try readKitty(bytes)
        #expect(image.width == 40 && image.height == 40 && image.keys["c"] == "4" && image.keys["r"] == "2")
        #expect(image.keys.keys.sorted() == ["a", "c", "f", "m", "o", "r", "s", "v"])
        #expect(quadrantError(image, margin: 0) == 0)
        #expect(image.rgba == quadrants(width: 40, height: 40).rgba)
    }

    @Test("the screen's keys go first on the first command, as before: ESC _ G i=N,p=1,q=2,C=1,a=T,f=32,o=z,…")
    func screenKeys() {
        let bytes = PictureEncoder.kitty(quadrants(width: 40, height: 40), columns: 4, rows: 2, cell: cell)
        let numbered = String(decoding: TerminalScreen.numbered(bytes, id: 7), as: UTF8.self)
        #expect(numbered.hasPrefix("\u{1B}_Gi=7,p=1,q=2,C=1,a=T,f=32,o=z,s=40,v=40,c=4,r=2,m=0;"))
    }

    @Test("shrunk 5 times (200x200 into 40x40) and enlarged 5 times (8x8 into 40x40): within 2 per channel a pixel away from the quadrants' edges")
    func scaling() throws {
        let shrunk = try readKitty(PictureEncoder.kitty(quadrants(width: 200, height: 200), columns: 4, rows: 2, cell: cell))
        #expect(shrunk.width == 40 && shrunk.height == 40)
        #expect(quadrantError(shrunk, margin: 1) <= 2)
        let enlarged = try readKitty(PictureEncoder.kitty(quadrants(width: 8, height: 8), columns: 4, rows: 2, cell: cell))
        #expect(enlarged.width == 40 && enlarged.height == 40)
        #expect(quadrantError(enlarged, margin: 3) <= 2)
        // Between the quadrants, enlarging blends: some pixel there is neither red nor green.
        let middle = enlarged.pixel(x: 19, y: 5)
        #expect(middle.0 < 255 && middle.1 > 0, "bilinear across the edge: \(middle)")
    }

    @Test("a 1x1 picture fills one 10x20 cell with its colour")
    func onePixel() throws {
        let picture = try Picture(width: 1, height: 1, rgba: [200, 100, 50, 255])
        let image = try readKitty(PictureEncoder.kitty(picture, columns: 1, rows: 1, cell: cell))
        #expect(image.width == 10 && image.height == 20 && image.chunks == 1)
        #expect(image.rgba == [UInt8]((0..<200).map { _ in [200, 100, 50, 255] }.joined()))
    }

    @Test("a wide (400x100) and a tall (100x400) picture fitted into 30x20 cells: the image fills the fitted cells, the quadrants where they belong")
    func wideAndTall() throws {
        let wide = quadrants(width: 400, height: 100)
        let wideCells = PictureView.fit(width: 400, height: 100, columns: 30, rows: 20, cell: cell)
        #expect(wideCells == (30, 4))
        let wideImage = try readKitty(PictureEncoder.kitty(wide, columns: wideCells.columns, rows: wideCells.rows, cell: cell))
        #expect(wideImage.width == 300 && wideImage.height == 80 && wideImage.keys["c"] == "30" && wideImage.keys["r"] == "4")
        #expect(quadrantError(wideImage, margin: 2) <= 2)
        let tall = quadrants(width: 100, height: 400)
        let tallCells = PictureView.fit(width: 100, height: 400, columns: 30, rows: 20, cell: cell)
        #expect(tallCells == (10, 20))
        let tallImage = try readKitty(PictureEncoder.kitty(tall, columns: tallCells.columns, rows: tallCells.rows, cell: cell))
        #expect(tallImage.width == 100 && tallImage.height == 400 && tallImage.chunks >= 1)
        #expect(quadrantError(tallImage, margin: 1) == 0)
    }

    @Test("no cells or no cell size gives nothing")
    func empty() {
        let picture = quadrants(width: 8, height: 8)
        #expect(PictureEncoder.kitty(picture, columns: 0, rows: 2, cell: cell).isEmpty)
        #expect(PictureEncoder.kitty(picture, columns: 2, rows: 0, cell: cell).isEmpty)
        #expect(PictureEncoder.kitty(picture, columns: 2, rows: 2, cell: CellPixelSize(width: 0, height: 20)).isEmpty)
        #expect(PictureEncoder.kitty(picture, columns: Int.max, rows: 2, cell: cell).isEmpty)
    }

    @Test("transparent pixels lend no colour: a half transparent green, half red picture shrinks to red, its alpha blending at the edge")
    func transparency() throws {
        var rgba: [UInt8] = []
        for _ in 0..<40 {
            for x in 0..<40 { rgba += x < 20 ? [0, 255, 0, 0] : [255, 0, 0, 255] }
        }
        let image = try readKitty(PictureEncoder.kitty(try Picture(width: 40, height: 40, rgba: rgba), columns: 1, rows: 1, cell: cell))
        #expect(image.width == 10 && image.height == 20)
        for x in 0..<10 {
            let (red, green, _, alpha) = image.pixel(x: x, y: 10)
            if alpha > 0 { #expect(red == 255 && green == 0, "column \(x): \((red, green, alpha))") }
            #expect(x < 4 ? alpha == 0 : x > 5 ? alpha == 255 : true, "column \(x): alpha \(alpha)")
        }
    }

    @Test("a flat colour 300x450 picture compresses to under 1/150 of the raw base64 (2,880 bytes against 576,000 at 270x400: 1/200)")
    func flatColour() throws {
        let picture = try Picture(width: 300, height: 450, rgba: [UInt8]((0..<(300 * 450)).map { _ in [30, 60, 90, 255] }.joined()))
        let cells = PictureView.fit(width: 300, height: 450, columns: 30, rows: 20, cell: cell)
        let bytes = PictureEncoder.kitty(picture, columns: cells.columns, rows: cells.rows, cell: cell)
        let image = try readKitty(bytes)
        #expect(image.width == 270 && image.height == 400)
        #expect(image.rgba == [UInt8]((0..<(270 * 400)).map { _ in [30, 60, 90, 255] }.joined()))
        let raw = 270 * 400 * 4 * 4 / 3
        #expect(bytes.count * 150 < raw, "\(bytes.count) bytes against \(raw) raw")
    }

    @Test("a photo-like 300x450 picture at 27x20 cells: many chunks, each right; the pixels follow the source's gradients within 12; under 3/4 of the raw base64")
    func photo() throws {
        let picture = photoLike(width: 300, height: 450)
        let bytes = PictureEncoder.kitty(picture, columns: 27, rows: 20, cell: cell)
        let image = try readKitty(bytes)
        #expect(image.width == 270 && image.height == 400 && image.chunks > 50)
        var worst = 0
        for y in stride(from: 0, to: 400, by: 7) {
            for x in stride(from: 0, to: 270, by: 7) {
                // The source pixel under this one's centre, and the gradient's value there.
                let sx = (x * 2 + 1) * 300 / 540, sy = (y * 2 + 1) * 450 / 800
                let (red, green, _, alpha) = image.pixel(x: x, y: y)
                worst = max(worst, abs(red - sx * 255 / 299), abs(green - sy * 255 / 449), 255 - alpha)
            }
        }
        #expect(worst <= 12, "pixels differ from the gradient by up to \(worst)")
        let raw = 270 * 400 * 4 * 4 / 3
        #expect(bytes.count * 4 < raw * 3, "\(bytes.count) bytes against \(raw) raw")
    }

    @Test("the zlib level: on the photo-like picture at 270x400, level 1 deflates smaller than 6 and 9 (276,516 against 281,909 bytes)")
    func level() {
        let rgba = PictureEncoder.scaled(photoLike(width: 300, height: 450), width: 270, height: 400)
        let sizes = [Int32(1), 6, 9].map { PictureEncoder.deflate(rgba, level: $0)?.count ?? .max }
        #expect(PictureEncoder.kittyCompressionLevel == 1)
        #expect(sizes[0] < sizes[1] && sizes[0] < sizes[2] && sizes[0] < rgba.count * 2 / 3, "sizes \(sizes) of \(rgba.count)")
    }

    @Test("base64 as RFC 4648 writes it, padding included")
    func base64() {
        for sample in ["", "f", "fo", "foo", "foob", "fooba", "foobar", "\u{0}\u{FF}\u{80}"] {
            let bytes = Array(sample.utf8)
            #expect(String(decoding: PictureEncoder.base64(bytes), as: UTF8.self) == Data(bytes).base64EncodedString())
        }
    }
}
