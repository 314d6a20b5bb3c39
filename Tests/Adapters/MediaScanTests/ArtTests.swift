import Foundation
import MediaScan
import SpinTesting
import TestSupport
import Testing

/// Where art is found beside media, by the names media servers use.
@Suite("Art names")
struct ArtNamesTests {
    @Test func aFilmsOwnPosterComesBeforeTheFoldersAndCaseDoesNotMatter() {
        #expect(ArtNames.poster(forFile: "Heat (1995).mkv", in: ["Heat (1995).mkv", "folder.jpg", "Heat (1995)-Poster.JPG"])
            == "Heat (1995)-Poster.JPG")
        #expect(ArtNames.poster(forFile: "Heat (1995).mkv", in: ["Heat (1995).mkv", "cover.png", "folder.jpg"]) == "folder.jpg")
        #expect(ArtNames.poster(forFile: "/films/Heat/Heat.mkv", in: ["Heat.mkv", "Heat.jpg", "poster.jpg"]) == "Heat.jpg")
        #expect(ArtNames.poster(forFile: "Heat.mkv", in: ["Heat.mkv", "fanart.jpg"]) == nil)
    }

    @Test func inAFolderOfManyFilesOnlyAFilesOwnArtIsIts() {
        let names = ["S01E01.mkv", "S01E02.mkv", "S01E02-thumb.jpg", "poster.jpg"]
        #expect(ArtNames.poster(forFile: "S01E01.mkv", in: names, folderIsItsOwn: false) == nil)
        #expect(ArtNames.poster(forFile: "S01E02.mkv", in: names, folderIsItsOwn: false) == "S01E02-thumb.jpg")
    }

    @Test func seasonsShowsAndBackdrops() {
        #expect(ArtNames.seasonPoster(season: 2, showNames: ["season02-poster.jpg", "poster.jpg"], seasonNames: ["folder.jpg"])?.name
            == "season02-poster.jpg")
        #expect(ArtNames.seasonPoster(season: 2, showNames: ["poster.jpg"], seasonNames: ["Folder.png"])?.name == "Folder.png")
        #expect(ArtNames.seasonPoster(season: 0, showNames: ["season-specials-poster.webp"], seasonNames: [])?.name
            == "season-specials-poster.webp")
        #expect(ArtNames.seasonPoster(season: 12, showNames: ["season12-poster.jpeg"], seasonNames: [])?.inShowFolder == true)
        #expect(ArtNames.showPoster(in: ["banner.jpg", "cover.jpg"]) == "cover.jpg")
        #expect(ArtNames.backdrop(in: ["poster.jpg", "fanart.jpg"]) == "fanart.jpg")
    }
}

/// Pictures made by ffmpeg from real files, and what is refused before ffmpeg runs.
@Suite("Art made from files", .waitsInRealTime, .needsFFmpeg)
struct ArtMakerTests {
    /// A 64x32 picture: its left half red, its right half blue.
    static func redBlue(_ path: String) throws {
        try TestMedia.runFFmpeg(["-filter_complex", "color=c=red:s=32x32[a];color=c=blue:s=32x32[b];[a][b]hstack",
                                 "-frames:v", "1", path])
    }

    /// The pixel at `row`, `column`: red, green, blue, alpha.
    static func pixel(_ pixels: ArtPixels, row: Int, column: Int) -> [UInt8] {
        let start = (row * pixels.width + column) * 4
        return Array(pixels.rgba[start ..< start + 4])
    }

    static func isRed(_ p: [UInt8]) -> Bool { p[0] > 200 && p[1] < 60 && p[2] < 60 && p[3] == 255 }
    static func isBlue(_ p: [UInt8]) -> Bool { p[0] < 60 && p[1] < 60 && p[2] > 200 && p[3] == 255 }

    @Test func aPictureIsScaledToFitItsProportionsKeptOnTransparentPixels() async throws {
        try await withTemporaryFolder { folder in
            try Self.redBlue("\(folder)/poster.png")
            let pixels = try await ArtMaker().make(.image("\(folder)/poster.png"), width: 16, height: 16)
            #expect(pixels.width == 16 && pixels.height == 16 && pixels.rgba.count == 16 * 16 * 4)
            // 64x32 fits 16x16 as 16x8, rows 4 to 11.
            #expect(Self.isRed(Self.pixel(pixels, row: 8, column: 2)))
            #expect(Self.isBlue(Self.pixel(pixels, row: 8, column: 13)))
            #expect(Self.pixel(pixels, row: 1, column: 8)[3] == 0, "above the picture: transparent")
            #expect(Self.pixel(pixels, row: 14, column: 8)[3] == 0, "below it too")
        }
    }

    @Test func theCoverInsideAFileIsItsNotAFrame() async throws {
        try await withTemporaryFolder { folder in
            try Self.redBlue("\(folder)/cover.png")
            try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "testsrc=d=1:s=64x48:r=10", "-i", "\(folder)/cover.png",
                                     "-map", "0:v", "-map", "1", "-c:v:0", "mpeg4", "-c:v:1", "png",
                                     "-disposition:v:1", "attached_pic", "\(folder)/film.mp4"])
            let pixels = try await ArtMaker().make(.embedded("\(folder)/film.mp4"), width: 16, height: 16)
            #expect(Self.isRed(Self.pixel(pixels, row: 8, column: 2)) && Self.isBlue(Self.pixel(pixels, row: 8, column: 13)))
            await #expect(throws: ArtError.self, "a file with no cover has none") {
                try await ArtMaker().make(.embedded(try TestMedia.clip()), width: 16, height: 16)
            }
        }
    }

    @Test func aFrameOfTheVideoWhenThereIsNoArt() async throws {
        let pixels = try await ArtMaker().make(.frame(try TestMedia.clip(), seconds: 1.2), width: 40, height: 30)
        // The clip is 160x120: 4:3 fills 40x30 whole, nothing transparent.
        #expect(pixels.rgba.count == 40 * 30 * 4)
        #expect(stride(from: 3, to: pixels.rgba.count, by: 4).allSatisfy { pixels.rgba[$0] == 255 })
    }

    @Test func hostileSourcesAreRefusedWithOneLineEach() async throws {
        try await withTemporaryFolder { folder in
            let maker = ArtMaker(maximumSourceBytes: 100_000)
            try Self.redBlue("\(folder)/whole.png")
            let png = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/whole.png"))
            try png.prefix(60).write(to: URL(fileURLWithPath: "\(folder)/truncated.png"))
            try Data("not a picture at all".utf8).write(to: URL(fileURLWithPath: "\(folder)/text.jpg"))
            try Self.hugeDeclaredPNG().write(to: URL(fileURLWithPath: "\(folder)/huge.png"))
            try Data(count: 200_000).write(to: URL(fileURLWithPath: "\(folder)/big.jpg"))
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/zero.jpg", withDestinationPath: "/dev/zero")
            #expect(mkfifo("\(folder)/fifo.jpg", 0o600) == 0)
            try FileManager.default.createDirectory(atPath: "\(folder)/folder.jpg", withIntermediateDirectories: false)
            try Data().write(to: URL(fileURLWithPath: "\(folder)/empty.jpg"))

            for name in ["truncated.png", "text.jpg", "huge.png", "big.jpg", "zero.jpg", "fifo.jpg", "folder.jpg", "empty.jpg",
                         "gone.jpg"] {
                do {
                    _ = try await maker.make(.image("\(folder)/\(name)"), width: 16, height: 16)
                    Issue.record("\(name) made a picture")
                } catch let error as ArtError {
                    #expect(!error.description.contains("\n") && error.description.hasPrefix(name), "\(name): \(error)")
                    #expect(error.description.count < 300)
                }
            }
        }
    }

    @Test func aSizeOutOfBoundsIsNotMade() async throws {
        try await withTemporaryFolder { folder in
            try Self.redBlue("\(folder)/poster.png")
            for (width, height) in [(0, 10), (10, -1), (4096, 10)] {
                await #expect(throws: ArtError.self) {
                    try await ArtMaker().make(.image("\(folder)/poster.png"), width: width, height: height)
                }
            }
        }
    }

    /// A PNG whose header declares 30000x30000 (with a valid checksum) and whose data is a few
    /// bytes: a decoder that believed it would allocate 3.6 GB.
    static func hugeDeclaredPNG() -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(30000) + bigEndian(30000) + [8, 6, 0, 0, 0]
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00]) + chunk("IEND", [])
        return Data(bytes)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// Made pictures kept on disk, and the order in which sources are tried.
@Suite("Art cache and finder", .waitsInRealTime, .needsFFmpeg)
struct ArtCacheTests {
    @Test func aPictureIsMadeOnceAndMadeAgainWhenItsSourceChanges() async throws {
        try await withTemporaryFolder { folder in
            try ArtMakerTests.redBlue("\(folder)/poster.png")
            let cache = ArtCache(folder: "\(folder)/cache/spindle/art")
            let source = ArtSource.image("\(folder)/poster.png")
            #expect(cache.pixels(for: source, width: 16, height: 16) == nil)
            let made = try await ArtMaker().make(source, width: 16, height: 16)
            try cache.store(made, for: source)
            #expect(cache.pixels(for: source, width: 16, height: 16) == made)
            #expect(cache.pixels(for: source, width: 16, height: 8) == nil, "another size is another picture")

            var info = stat()
            #expect(stat("\(folder)/cache/spindle/art", &info) == 0 && info.st_mode & 0o777 == 0o700)
            let files = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/cache/spindle/art")
            #expect(files.count == 1)
            #expect(stat("\(folder)/cache/spindle/art/\(files[0])", &info) == 0 && info.st_mode & 0o777 == 0o600)

            // A damaged file is a miss, not a crash.
            try Data(count: 10).write(to: URL(fileURLWithPath: "\(folder)/cache/spindle/art/\(files[0])"))
            #expect(cache.pixels(for: source, width: 16, height: 16) == nil)
            try cache.store(made, for: source)

            // The source changes (another size): its old picture is never read again.
            try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=green:s=20x20", "-frames:v", "1", "\(folder)/poster.png"])
            #expect(cache.pixels(for: source, width: 16, height: 16) == nil)
        }
    }

    @Test func aBrokenPosterGivesWayToAFrameWithOneLine() async throws {
        try await withTemporaryFolder { folder in
            try FileManager.default.copyItem(atPath: try TestMedia.clip(), toPath: "\(folder)/Film (2001).mkv")
            try Data("<html>not a poster</html>".utf8).write(to: URL(fileURLWithPath: "\(folder)/poster.jpg"))
            let sources = ArtFinder.sources(forMedia: "\(folder)/Film (2001).mkv", duration: 12)
            #expect(sources == [.image("\(folder)/poster.jpg"), .embedded("\(folder)/Film (2001).mkv"),
                                .frame("\(folder)/Film (2001).mkv", seconds: 1.2)])
            let finder = ArtFinder(cache: ArtCache(folder: "\(folder)/cache"))
            let result = await finder.picture(forMedia: "\(folder)/Film (2001).mkv", duration: 12, width: 32, height: 24)
            #expect(result.source == .frame("\(folder)/Film (2001).mkv", seconds: 1.2))
            #expect(result.pixels?.rgba.count == 32 * 24 * 4)
            #expect(result.problems.count == 1 && result.problems[0].hasPrefix("poster.jpg: "), "\(result.problems)")
        }
    }
}
