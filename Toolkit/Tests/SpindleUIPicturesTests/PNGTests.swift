import Foundation
import Testing
@testable import SpindleUIPictures

@Suite("PNG")
struct PNGTests {
    /// A `width` × `height` picture of four quadrants, each its own colour and alpha (opaque red,
    /// half-transparent green, fully transparent blue that keeps its colour, nearly transparent
    /// white), with a one-pixel diagonal of grey steps across it.
    static func regions(width: Int, height: Int) -> Picture {
        let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [255, 255, 255, 1]]
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                if x == y {
                    let grey = UInt8(x * 37 % 256)
                    rgba += [grey, grey, grey, 255 - grey]
                } else {
                    rgba += colors[quadrant(x: x, y: y, width: width, height: height)]
                }
            }
        }
        return try! Picture(width: width, height: height, rgba: rgba)
    }

    /// A picture whose pixels do not compress: a PNG of it has a long IDAT to cut.
    static let noise: Picture = {
        var seed: UInt32 = 2024
        let rgba = (0..<(64 * 48 * 4)).map { _ in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        return try! Picture(width: 64, height: 48, rgba: rgba)
    }()

    @Test("png() then Picture(png:) gives back the same pixels: colour regions with alpha 255, 128, 1 and 0 (its colour kept), at 1x1, odd and poster sizes; 8-bit RGBA with an sRGB chunk")
    func roundTrip() throws {
        for (width, height) in [(1, 1), (2, 2), (37, 5), (5, 37), (300, 450)] {
            let picture = Self.regions(width: width, height: height)
            let png = try picture.png()
            #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Array(png[12..<16]) == Array("IHDR".utf8))
            #expect(Array(png[24..<29]) == [8, 6, 0, 0, 0], "8-bit RGBA, not interlaced")
            #expect(Array(png[37..<41]) == Array("sRGB".utf8), "the chunk after IHDR says the colours are sRGB")
            let decoded = try Picture(png: png)
            #expect(decoded.width == width && decoded.height == height)
            #expect(decoded.rgba == picture.rgba, "\(width)x\(height)")
            #expect(decoded == picture)
        }
        let noise = try Picture(png: Self.noise.png())
        #expect(noise == Self.noise)
    }

    @Test("the bytes may be any collection: an array, a slice not starting at 0, Data, a lazy (non-contiguous) view")
    func collections() throws {
        let picture = Self.regions(width: 9, height: 7)
        let png = try picture.png()
        let padded = [1, 2, 3] + png + [4]
        #expect(try Picture(png: padded[3..<(3 + png.count)]) == picture)
        #expect(try Picture(png: Data(png)) == picture)
        #expect(try Picture(png: png.lazy.map { $0 }) == picture)
    }

    /// A PNG of ffmpeg's test pattern, in `pixelFormat`, by ffmpeg's own encoder.
    static func ffmpegPNG(pixelFormat: String, extra: [String] = []) throws -> [UInt8] {
        try run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=64x48", "-frames:v", "1",
                           "-pix_fmt", pixelFormat] + extra + ["-f", "image2pipe", "-c:v", "png", "-"], input: [])
    }

    /// ffmpeg's decoding of `png` as raw 8-bit RGBA.
    static func ffmpegRGBA(_ png: [UInt8]) throws -> [UInt8] {
        try run("ffmpeg", ["-v", "error", "-f", "png_pipe", "-i", "-", "-f", "rawvideo", "-pix_fmt", "rgba", "-"], input: png)
    }

    @Test("PNGs from an outside encoder (ffmpeg's) decode to ffmpeg's own RGBA of them: colour, grey, grey with alpha, palette and interlaced exactly, 16-bit within 1")
    func outsideEncoder() throws {
        let cases: [(name: String, format: String, extra: [String], header: [UInt8], tolerance: Int)] = [
            ("RGB", "rgb24", [], [8, 2, 0, 0, 0], 0),
            ("RGBA", "rgba", [], [8, 6, 0, 0, 0], 0),
            ("grey", "gray", [], [8, 0, 0, 0, 0], 0),
            ("grey with alpha", "ya8", [], [8, 4, 0, 0, 0], 0),
            ("palette", "pal8", [], [8, 3, 0, 0, 0], 0),
            ("interlaced", "rgb24", ["-flags", "+ildct"], [8, 2, 0, 0, 1], 0),
            ("16-bit RGBA", "rgba64be", [], [16, 6, 0, 0, 0], 1),
            ("16-bit grey", "gray16be", [], [16, 0, 0, 0, 0], 1),
        ]
        for test in cases {
            let png = try Self.ffmpegPNG(pixelFormat: test.format, extra: test.extra)
            try #require(png.count > 33, "ffmpeg wrote no \(test.name) PNG")
            #expect(Array(png[24..<29]) == test.header, "\(test.name): bit depth, colour type, interlacing")
            let expected = try Self.ffmpegRGBA(png)
            try #require(expected.count == 64 * 48 * 4, "ffmpeg decoded \(expected.count) bytes of its \(test.name) PNG")
            let picture = try Picture(png: png)
            #expect(picture.width == 64 && picture.height == 48)
            let worst = zip(picture.rgba, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= test.tolerance, "\(test.name): a channel differs from ffmpeg's by \(worst)")
        }
    }

    @Test("a PNG cut short anywhere before its last pixel is refused with libpng's reason; cut inside IEND, after every pixel, it decodes whole")
    func truncated() throws {
        let png = try Self.noise.png()
        let iend = png.count - 12
        for cut in [1, 4, 7, 8, 12, 16, 20, 29, 33, 40, 60, 100, png.count / 2, iend - 100, iend - 1] {
            #expect(throws: PictureError.self, "cut at \(cut) of \(png.count)") { try Picture(png: png[..<cut]) }
            do {
                _ = try Picture(png: png[..<cut])
            } catch {
                guard case .notAPicture(let reason) = error else {
                    Issue.record("cut at \(cut): \(error)")
                    continue
                }
                #expect(!reason.isEmpty)
            }
        }
        // libpng's simplified API stops reading after the last row: the end chunk is not needed.
        for cut in iend..<png.count {
            #expect(try Picture(png: png[..<cut]) == Self.noise, "cut at \(cut), inside IEND")
        }
    }

    @Test("bytes that are not a PNG are refused with libpng's reason: garbage, text, a JPEG's start, the signature alone or followed by garbage")
    func garbage() {
        var seed: UInt32 = 7
        let random = (0..<4096).map { _ in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let inputs: [(String, [UInt8])] = [
            ("random", random), ("text", Array("hello, world\n".utf8)), ("one byte", [0x89]),
            ("JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8)), ("signature", signature),
            ("signature then garbage", signature + random),
        ]
        for (name, bytes) in inputs {
            #expect(throws: PictureError.self, "\(name)") { try Picture(png: bytes) }
            if case .failure(.notAPicture(let reason)) = Result(catching: { () throws(PictureError) in try Picture(png: bytes) }) {
                #expect(!reason.isEmpty, "\(name)")
            } else {
                Issue.record("\(name) was not refused as not a picture")
            }
        }
        #expect("\(PictureError.notAPicture("Not a PNG file"))" == "not a picture: Not a PNG file")
    }

    @Test("500 damaged copies of PNGs (1 to 8 bytes changed, from a fixed seed) each decode to a whole picture or are refused with a PictureError, never a crash")
    func damaged() throws {
        let sources = try [Self.noise.png(), Self.regions(width: 37, height: 5).png(), Self.ffmpegPNG(pixelFormat: "pal8"),
                           Self.ffmpegPNG(pixelFormat: "rgb24", extra: ["-flags", "+ildct"])]
        var seed: UInt64 = 99
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var refused = 0
        for round in 0..<500 {
            var bytes = sources[round % sources.count]
            for _ in 0...next(8) { bytes[next(bytes.count)] = UInt8(next(256)) }
            do {
                let picture = try Picture(png: bytes)
                #expect(picture.rgba.count == picture.width * picture.height * 4)
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }

    @Test("an empty input is refused, saying so")
    func empty() {
        #expect(throws: PictureError.notAPicture("no bytes (an empty input is not a PNG file)")) { try Picture(png: [UInt8]()) }
        #expect(throws: PictureError.notAPicture("no bytes (an empty input is not a PNG file)")) { try Picture(png: Data()) }
    }

    @Test("a header declaring 30000x30000 is refused as too large before any pixel is read; the caller's smaller limit too; a side past libpng's limit and a zero side are libpng's refusals")
    func declaredSizes() throws {
        #expect(crc32(Array("IEND".utf8)) == 0xAE42_6082, "the CRC every PNG's IEND chunk ends with")
        #expect(throws: PictureError.tooLarge(width: 30000, height: 30000)) { try Picture(png: craftedPNG(width: 30000, height: 30000)) }
        #expect(throws: PictureError.tooLarge(width: 30000, height: 30000)) {
            try Picture(png: craftedPNG(width: 30000, height: 30000), maximumPixels: 100)
        }
        #expect(throws: PictureError.tooLarge(width: 4097, height: 4096)) { try Picture(png: craftedPNG(width: 4097, height: 4096)) }
        // The crafted file is well formed up to its pixels: a size within the limits gets as far
        // as reading them, and finds too few.
        #expect(throws: PictureError.self) { try Picture(png: craftedPNG(width: 4096, height: 4096)) }
        let small = try Self.regions(width: 64, height: 48).png()
        #expect(throws: PictureError.exceedsLimit(width: 64, height: 48, maximumPixels: 1000)) { try Picture(png: small, maximumPixels: 1000) }
        #expect(try Picture(png: small, maximumPixels: 64 * 48).width == 64)
        #expect("\(PictureError.exceedsLimit(width: 64, height: 48, maximumPixels: 1000))"
                == "a picture of 64x48 pixels is larger than the 1000 pixels allowed here")
        for (width, height) in [(Picture.pngMaximumSide + 1, 1), (0, 10), (10, 0)] {
            let result = Result { () throws(PictureError) in try Picture(png: craftedPNG(width: UInt32(width), height: UInt32(height))) }
            guard case .failure(.notAPicture(let reason)) = result else {
                Issue.record("\(width)x\(height): \(result)")
                continue
            }
            #expect(reason.contains("IHDR"), "\(width)x\(height): \(reason)")
        }
    }

    @Test("a picture with a side longer than libpng writes is refused with notEncodable, not a crash")
    func notEncodable() throws {
        let long = try Picture(width: Picture.pngMaximumSide + 1, height: 1, rgba: [UInt8](repeating: 9, count: (Picture.pngMaximumSide + 1) * 4))
        #expect(throws: PictureError.notEncodable("a side of a 1000001x1 picture is longer than libpng's 1000000 pixels")) { try long.png() }
        let atLimit = try Picture(width: Picture.pngMaximumSide, height: 1, rgba: [UInt8](repeating: 9, count: Picture.pngMaximumSide * 4))
        #expect(try Picture(png: atLimit.png()) == atLimit)
    }
}

@Suite("PNG cost")
struct PNGCostTests {
    /// A 300 × 450 poster-sized picture: gradients crossed by a checker and noise, so that the
    /// PNG is not trivially small.
    static let poster: Picture = {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(300 * 450 * 4)
        var seed: UInt32 = 4242
        for y in 0..<450 {
            for x in 0..<300 {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Int(seed >> 28)
                rgba += [UInt8((x * 255 / 299 + noise) & 0xFF), UInt8((y * 255 / 449 + ((x / 8 + y / 8) % 2) * 40) & 0xFF),
                         UInt8(((x + y) * 255 / 748) & 0xFF), 255]
            }
        }
        return try! Picture(width: 300, height: 450, rgba: rgba)
    }()

    @Test("a 300x450 poster: libpng decodes it in process far faster than spawning ffmpeg to decode the same file, and encodes it in a bounded time")
    func costs() throws {
        let png = try Self.poster.png()
        let encode = EncodingCostTests.median { (try? Self.poster.png().count) ?? 0 }
        let decode = EncodingCostTests.median { (try? Picture(png: png).rgba.count) ?? 0 }
        let ffmpeg = EncodingCostTests.median { (try? PNGTests.ffmpegRGBA(png).count) ?? 0 }
        print("""
            PNG 300x450 (\(png.count) bytes): libpng encode \(encode.milliseconds) ms, decode \(decode.milliseconds) ms; \
            ffmpeg spawned to decode it \(ffmpeg.milliseconds) ms
            """)
        #expect(encode.size == png.count)
        #expect(decode.size == 300 * 450 * 4 && ffmpeg.size == 300 * 450 * 4)
        #expect(decode.milliseconds < ffmpeg.milliseconds)
        #expect(encode.milliseconds < 1000 && decode.milliseconds < 1000)
    }
}

/// A PNG file written by hand: the signature, an IHDR declaring `width` × `height` 8-bit RGBA,
/// an IDAT holding one row of zlib-compressed zeros (far fewer pixels than declared), and IEND,
/// each chunk with its right CRC.
func craftedPNG(width: UInt32, height: UInt32) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }
    let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    // zlib: a stored block of 5 zero bytes (a filter byte and one pixel), then its Adler-32.
    let stored: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0, 0, 0, 0, 0, 0x00, 0x05, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", stored) + chunk("IEND", [])
}

/// The CRC-32 a PNG chunk ends with (ISO 3309, reflected polynomial 0xEDB88320), bit by bit.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
}
