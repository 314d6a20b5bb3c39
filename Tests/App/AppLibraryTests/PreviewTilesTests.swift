import AppCore
import Foundation
import MediaScan
import SpinTesting
import TestSupport
import Testing
@testable import AppLibrary

/// The seek preview's frames cut from sheets ffmpeg made of a video whose colour changes every
/// 10 s: a frame's colour says which second it was taken at.
@Suite("Seek preview frames from real sheets", .waitsInRealTime, .needsFFmpeg)
struct PreviewTilesTests {
    /// The colour at the middle of `image`, as RGB.
    static func middle(_ image: ArtImage) -> [UInt8] {
        let start = ((image.height / 2) * image.width + image.width / 2) * 4
        return Array(image.rgba[start ..< start + 3])
    }

    /// Whether `rgb` is `expected` give or take what the video's compression does to colours.
    static func near(_ rgb: [UInt8], _ expected: [UInt8]) -> Bool {
        zip(rgb, expected).allSatisfy { abs(Int($0) - Int($1)) <= 40 }
    }

    static func colour(at second: Int) -> [UInt8] { TestMedia.segmentColours[second / 10].rgb }

    @Test("the frame for 35 s has the colour of the segment at 30 s; every frame its own segment's")
    func framesHaveTheirSegmentsColour() async throws {
        let video = try TestMedia.colourSegments()
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: folder)
            let started = ContinuousClock.now
            #expect(await PreviewSheetMaker(layout: PreviewTiles.layout).make(video, duration: 60, into: cache).made == 1)
            let made = ContinuousClock.now - started
            let tiles = PreviewTiles(cache: cache)
            let tile = try #require(tiles.tile(ofMedia: video, second: 35))
            #expect(tile.width == 160 && tile.height == 90)
            #expect(Self.near(Self.middle(tile), Self.colour(at: 30)), "\(Self.middle(tile))")
            for second in stride(from: 0, to: 60, by: 10) {
                let image = try #require(tiles.tile(ofMedia: video, second: second + 9))
                #expect(Self.near(Self.middle(image), Self.colour(at: second)), "at \(second + 9) s: \(Self.middle(image))")
            }
            #expect(tiles.decodedCount == 1, "one sheet, decoded once")
            let decoding = ContinuousClock.now
            _ = PreviewTiles(cache: cache).tile(ofMedia: video, second: 35)
            print("seek preview: a 60 s video's sheet made in \(made); decoded and cut in \(ContinuousClock.now - decoding)")
        }
    }

    @Test("later sheets hold their own stretch; at most two decoded sheets are kept")
    func laterSheetsAndTheLRU() async throws {
        let video = try TestMedia.colourSegments()
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: folder)
            // 2x2 frames a sheet: 40 s each, so 45 s is sheet 1's first frame.
            let layout = PreviewSheetLayout(interval: 10, columns: 2, rows: 2, tileSide: 32)
            #expect(await PreviewSheetMaker(layout: layout).make(video, duration: 60, into: cache).made == 2)
            let tiles = PreviewTiles(cache: cache, layout: layout)
            let tile = try #require(tiles.tile(ofMedia: video, second: 45))
            #expect(Self.near(Self.middle(tile), Self.colour(at: 40)), "\(Self.middle(tile))")
            let earlier = try #require(tiles.tile(ofMedia: video, second: 25))
            #expect(Self.near(Self.middle(earlier), Self.colour(at: 20)), "\(Self.middle(earlier))")
            #expect(tiles.decodedCount == 2)
            // A sheet that is not made: nil, and nothing more kept.
            #expect(tiles.tile(ofMedia: video, second: 95) == nil)
            #expect(tiles.decodedCount == 2)
        }
    }

    @Test("no sheet, a damaged sheet, another file: no frame, never a crash")
    func missingAndDamagedSheets() async throws {
        let video = try TestMedia.colourSegments()
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: folder)
            let tiles = PreviewTiles(cache: cache)
            #expect(tiles.tile(ofMedia: video, second: 35) == nil)
            // A PNG's signature and then garbage.
            let garbage: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 500)
            try cache.store(garbage, sheet: 0, ofMedia: video, layout: PreviewTiles.layout)
            #expect(tiles.tile(ofMedia: video, second: 35) == nil)
            #expect(tiles.tile(ofMedia: "\(folder)/missing.mkv", second: 35) == nil)
            #expect(tiles.decodedCount == 0)
        }
    }

    @Test("the sheets are cached under XDG_CACHE_HOME, else the home's .cache")
    func cacheFolder() {
        #expect(SeekPreviewFeedback.cacheFolder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/spindle/previews")
        #expect(SeekPreviewFeedback.cacheFolder(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/spindle/previews")
        #expect(SeekPreviewFeedback.cacheFolder(environment: [:]) == nil)
        #expect(SeekPreviewFeedback.feedbacks(environment: [:]).isEmpty)
        #expect(SeekPreviewFeedback.feedbacks(environment: ["HOME": "/h"]).count == 2)
    }
}
