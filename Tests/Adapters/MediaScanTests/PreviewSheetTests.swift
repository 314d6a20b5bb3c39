import Foundation
import MediaScan
import SpinTesting
import TestSupport
import Testing

/// Where the frames are in the sheets: the layout's arithmetic.
@Suite("Preview sheets' layout")
struct PreviewSheetLayoutTests {
    /// Sheet, column and row of the frame for `second`.
    static func place(_ second: Int, _ layout: PreviewSheetLayout) -> [Int] {
        let place = layout.place(ofSecond: second)
        return [place.sheet, place.column, place.row]
    }

    @Test func theStandardLayoutCoversAThousandSecondsASheet() {
        let layout = PreviewSheetLayout.standard
        #expect(layout.framesPerSheet == 100 && layout.secondsPerSheet == 1000)
        #expect(layout.sheetCount(duration: 2 * 3600, maximum: 40) == 8, "a two-hour film")
        #expect(layout.sheetCount(duration: 60, maximum: 40) == 1)
        #expect(layout.sheetCount(duration: 1000, maximum: 40) == 1 && layout.sheetCount(duration: 1001, maximum: 40) == 2)
        #expect(layout.sheetCount(duration: 0, maximum: 40) == 0)
        #expect(layout.sheetCount(duration: 100 * 3600, maximum: 40) == 40, "capped")
        #expect(Self.place(35, layout) == [0, 3, 0])
        #expect(Self.place(999, layout) == [0, 9, 9])
        #expect(Self.place(1_035, layout) == [1, 3, 0])
        #expect(Self.place(-5, layout) == [0, 0, 0])
    }

    @Test func ffmpegReadsItsStretchOnlyKeyFramesOnlyOnOneThread() {
        let arguments = PreviewSheetMaker().arguments(forSheet: 2, of: "/films/-i.mkv")
        let joined = arguments.joined(separator: " ")
        #expect(joined.contains("-threads 1 -skip_frame nokey -ss 2000 -t 1000"))
        #expect(arguments.contains("file:/films/-i.mkv"), "a path that looks like an option stays a path")
        #expect(joined.contains("fps=1/10:round=down:eof_action=pass,scale=160:160:force_original_aspect_ratio=decrease"))
        #expect(joined.contains("tile=10x10") && joined.hasSuffix("-frames:v 1 -c:v png -pix_fmt rgb24 -f image2pipe pipe:1"))
    }
}

/// Sheets made by ffmpeg from real files, kept in a cache, and the files it cannot read.
@Suite("Preview sheets made from files", .waitsInRealTime, .needsFFmpeg)
struct PreviewSheetMakerTests {
    /// The width and height a PNG's header declares.
    static func pngSize(_ png: [UInt8]) -> [Int] {
        func number(_ at: Int) -> Int { png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [number(16), number(20)]
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func aMinuteOfVideoMakesOneSheetOf160PixelFramesKeptPrivately() async throws {
        let video = try TestMedia.colourSegments()
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: "\(folder)/previews")
            let started = ContinuousClock.now
            let report = await PreviewSheetMaker().make(video, duration: 60, into: cache)
            let took = ContinuousClock.now - started
            #expect(report == PreviewSheetReport(made: 1, cached: 0, failure: nil))
            let png = try #require(cache.sheet(0, ofMedia: video, layout: .standard))
            // 320x180 frames at 160 px: 160x90 tiles, 10x10 of them.
            #expect(Self.pngSize(png) == [1600, 900])
            #expect(cache.sheet(1, ofMedia: video, layout: .standard) == nil)
            let files = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/previews")
            #expect(files.count == 1 && files[0].hasSuffix("-10s-10x10-160-0.png"))
            #expect(try Self.mode("\(folder)/previews") == 0o700)
            #expect(try Self.mode("\(folder)/previews/\(files[0])") == 0o600)
            print("preview sheet of a 60 s video: \(png.count) bytes, made in \(took)")
            // Made already: ffmpeg does not run again.
            #expect(await PreviewSheetMaker().make(video, duration: 60, into: cache) == PreviewSheetReport(made: 0, cached: 1))
        }
    }

    @Test func aSmallerLayoutMakesSheetsFromTheirStretchOfTheFile() async throws {
        let video = try TestMedia.colourSegments()
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: folder)
            let layout = PreviewSheetLayout(interval: 10, columns: 2, rows: 2, tileSide: 32)
            let report = await PreviewSheetMaker(layout: layout).make(video, duration: 60, into: cache)
            #expect(report == PreviewSheetReport(made: 2, cached: 0))
            for index in 0 ..< 2 {
                let png = try #require(cache.sheet(index, ofMedia: video, layout: layout))
                #expect(Self.pngSize(png) == [64, 36])
            }
        }
    }

    @Test func aFileThatIsNotMediaGetsNoSheetsAndIsNotTriedAgain() async throws {
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: "\(folder)/previews")
            try write(String(repeating: "not a film\n", count: 500), to: "\(folder)/notes.mkv")
            let report = await PreviewSheetMaker().make("\(folder)/notes.mkv", duration: 600, into: cache)
            #expect(report.made == 0 && report.failure != nil)
            #expect(cache.sheet(0, ofMedia: "\(folder)/notes.mkv", layout: .standard) == nil)
            #expect(cache.hasFailed("\(folder)/notes.mkv", layout: .standard))
            let again = await PreviewSheetMaker(executable: "/nonexistent/ffmpeg").make("\(folder)/notes.mkv", duration: 600, into: cache)
            #expect(again.failure?.description.contains("before") == true, "not run again: \(String(describing: again.failure))")
            // Once the file changes, it is tried again.
            try write("still not a film", to: "\(folder)/notes.mkv")
            #expect(!cache.hasFailed("\(folder)/notes.mkv", layout: .standard))
        }
    }

    @Test func aTruncatedFileGivesWhatItHasOrNothingNeverACrash() async throws {
        let video = try TestMedia.colourSegments()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: video))
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: "\(folder)/previews")
            for (name, count) in [("header.mkv", 600), ("half.mkv", bytes.count / 2)] {
                try bytes.prefix(count).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
                let report = await PreviewSheetMaker().make("\(folder)/\(name)", duration: 60, into: cache)
                let sheet = cache.sheet(0, ofMedia: "\(folder)/\(name)", layout: .standard)
                #expect((report.made == 1) == (sheet != nil), "\(name): \(report)")
                #expect(report.made == 1 || report.failure != nil, "\(name): \(report)")
            }
        }
    }

    @Test func whatIsNotAFileIsRefusedBeforeFFmpegRuns() async throws {
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: "\(folder)/previews")
            let maker = PreviewSheetMaker(executable: "/nonexistent/ffmpeg")
            for path in [folder, "\(folder)/missing.mkv", "/dev/null"] {
                let report = await maker.make(path, duration: 60, into: cache)
                #expect(report.made == 0 && report.failure != nil, "\(path)")
                #expect(report.failure?.description.contains("ffmpeg is not installed") == false, "\(path): refused first")
            }
        }
    }

    @Test func aSheetThatRunsOutOfTimeEndsTheMakingAndIsTriedAgainLater() async throws {
        let video = try TestMedia.colourSegments()
        try await withTemporaryFolder { folder in
            let cache = PreviewSheetCache(folder: folder)
            let report = await PreviewSheetMaker(timeoutPerSheet: .zero).make(video, duration: 60, into: cache)
            #expect(report.made == 0)
            #expect(report.failure?.description.contains("within") == true, "\(String(describing: report.failure))")
            #expect(!cache.hasFailed(video, layout: .standard))
        }
    }

    @Test func cancellingTheMakingKillsFFmpegAtOnceAndKeepsNoSheet() async throws {
        try await withTemporaryFolder { folder in
            try write("a film", to: "\(folder)/film.mkv")
            let cache = PreviewSheetCache(folder: "\(folder)/previews")
            // The child sleeps an hour, past the test's time limit: not waited out if the test ends.
            let maker = PreviewSheetMaker(executable: try fakeProbe(in: folder, "exec sleep 3600"))
            let making = Task { await maker.make("\(folder)/film.mkv", duration: 7_200, into: cache) }
            let pid = try #require(try await fakeProbePID(in: folder))
            #expect(!isGone(pid))

            making.cancel()

            #expect(await making.value == PreviewSheetReport())
            #expect(isGone(pid))
            #expect(!TempFolder.exists("\(folder)/previews"), "no sheet, no mark")
        }
    }

    @Test func aSheetPastItsTimeIsKilledAndAnAnswerTooLargeRefused() async throws {
        try await withTemporaryFolder { folder in
            try write("a film", to: "\(folder)/film.mkv")
            let cache = PreviewSheetCache(folder: "\(folder)/previews")
            let slow = PreviewSheetMaker(executable: try fakeProbe(in: folder, "exec sleep 3600"), timeoutPerSheet: .milliseconds(300))
            let report = await slow.make("\(folder)/film.mkv", duration: 60, into: cache)
            #expect(report.failure?.description == "film.mkv: ffmpeg did not make preview sheet 0 within 0.3 s")
            let pid = try #require(try await fakeProbePID(in: folder))
            #expect(isGone(pid))
            #expect(!cache.hasFailed("\(folder)/film.mkv", layout: .standard), "tried again at the next play")

            // A PNG's signature, then 20 MB: more than a sheet may have.
            let huge = try fakeProbe(in: folder, #"printf '\211PNG\r\n\032\n'; head -c 20000000 /dev/zero"#)
            let refused = await PreviewSheetMaker(executable: huge).make("\(folder)/film.mkv", duration: 60, into: cache)
            #expect(refused.failure?.description == "film.mkv: no preview frames in it ffmpeg could read")
            #expect(cache.sheet(0, ofMedia: "\(folder)/film.mkv", layout: .standard) == nil)
        }
    }
}
