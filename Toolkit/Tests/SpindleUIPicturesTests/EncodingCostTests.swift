import Testing
@testable import SpindleUIPictures
import Terminal

@Suite("encoding cost")
struct EncodingCostTests {
    /// A 320 × 480 poster-sized picture: smooth gradients crossed by a fine pattern, so that no
    /// encoder gets it cheaply.
    static let poster: Picture = {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(320 * 480 * 4)
        var seed: UInt32 = 12345
        for y in 0..<480 {
            for x in 0..<320 {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Int(seed >> 28)
                rgba += [UInt8((x * 255 / 319 + noise) & 0xFF), UInt8((y * 255 / 479 + ((x / 8 + y / 8) % 2) * 40) & 0xFF),
                         UInt8(((x + y) * 255 / 798) & 0xFF), 255]
            }
        }
        return try! Picture(width: 320, height: 480, rgba: rgba)
    }()

    /// The median of `runs` timings of `work`, in milliseconds.
    static func median(runs: Int = 7, _ work: () -> Int) -> (milliseconds: Double, size: Int) {
        var times: [Double] = []
        var size = 0
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let elapsed = clock.measure { size = work() }
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return (times.sorted()[runs / 2], size)
    }

    @Test("a 320x480 picture into a 30x22 cell area: kitty, sixel and half blocks each take well under a frame's budget once cached, and a bounded time to encode")
    func costs() {
        let cell = PictureView.defaultCell
        let fitted = PictureView.fit(width: 320, height: 480, columns: 30, rows: 22, cell: cell)
        let halves = PictureView.fit(width: 320, height: 480, columns: 30, rows: 22, cell: CellPixelSize(width: 1, height: 2))
        let kitty = Self.median { PictureEncoder.kitty(Self.poster, columns: fitted.columns, rows: fitted.rows, cell: cell).count }
        let sixel = Self.median { PictureEncoder.sixel(Self.poster, columns: fitted.columns, rows: fitted.rows, cell: cell).count }
        let blocks = Self.median { PictureEncoder.blocks(Self.poster, columns: halves.columns, rows: halves.rows).foreground.count }
        let cache = PictureCache()
        let screen = HeadlessScreen(size: Size(rows: 24, columns: 80))
        let view = PictureView(picture: Self.poster, protocol: .blocks)
        screen.frame { view.render(in: Rect(row: 0, column: 0, rows: 22, columns: 30), on: $0, cache: cache) }
        let cachedFrame = Self.median {
            screen.frame { view.render(in: Rect(row: 0, column: 0, rows: 22, columns: 30), on: $0, cache: cache) }
            return 0
        }
        print("""
            encode 320x480 -> \(fitted.columns)x\(fitted.rows) cells of \(cell.width)x\(cell.height): \
            kitty \(kitty.milliseconds) ms (\(kitty.size) bytes), sixel \(sixel.milliseconds) ms (\(sixel.size) bytes); \
            half blocks \(halves.columns)x\(halves.rows): \(blocks.milliseconds) ms; a cached half-block frame \(cachedFrame.milliseconds) ms
            """)
        // Kitty sends the pixels deflated: well under the raw RGBA's base64 even for this picture.
        let raw = fitted.columns * cell.width * fitted.rows * cell.height * 4 / 3 * 4
        #expect(kitty.size > 0 && kitty.size * 4 < raw * 3, "kitty: \(kitty.size) bytes against \(raw) raw")
        #expect(sixel.size > 0 && blocks.size == halves.columns * halves.rows)
        #expect(kitty.milliseconds < 1000 && sixel.milliseconds < 1000 && blocks.milliseconds < 1000)
    }
}
