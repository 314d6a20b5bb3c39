#if canImport(Glibc)
import ProcessControl
import Glibc
#endif

/// How a media file's preview frames are laid out: one frame every `interval` seconds, each at
/// most `tileSide` pixels a side (its proportions kept, its sides even), `columns` x `rows` of
/// them to a sheet (a PNG), in time order, row by row.
///
///     let layout = PreviewSheetLayout.standard
///     layout.place(ofSecond: 1_035)   // sheet 1, column 3, row 0: the frame taken at 1030 s
///
/// The standard layout, 10 s and 10x10 tiles of 160 px: a sheet covers 1000 s, so a two-hour
/// film has 8 sheets; a 16:9 sheet is 1600x900 pixels (5.8 MB decoded, about 1.2 MB as PNG for
/// a film's frames), which the toolkit's PNG decoder reads in a few milliseconds.
package struct PreviewSheetLayout: Hashable, Sendable {
    /// Seconds between two frames.
    package var interval: Int
    package var columns: Int
    package var rows: Int
    /// A frame's longer side at most, in pixels.
    package var tileSide: Int

    package init(interval: Int, columns: Int, rows: Int, tileSide: Int) {
        self.interval = max(interval, 1)
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        self.tileSide = max(tileSide, 2)
    }

    /// One frame every 10 s, 160 px wide, 100 to a sheet.
    package static let standard = PreviewSheetLayout(interval: 10, columns: 10, rows: 10, tileSide: 160)

    /// Frames a sheet holds.
    package var framesPerSheet: Int { columns * rows }
    /// Seconds of the title a sheet covers.
    package var secondsPerSheet: Int { interval * framesPerSheet }

    /// The sheet a title of `duration` seconds has, at most `maximum`.
    package func sheetCount(duration: Int, maximum: Int) -> Int {
        guard duration > 0 else { return 0 }
        return min((duration + secondsPerSheet - 1) / secondsPerSheet, maximum)
    }

    /// Where the frame for second `seconds` is: its sheet, and its tile's column and row there.
    package func place(ofSecond seconds: Int) -> (sheet: Int, column: Int, row: Int) {
        let frame = max(seconds, 0) / interval
        let tile = frame % framesPerSheet
        return (frame / framesPerSheet, tile % columns, tile / columns)
    }

    /// A name for the layout, part of a sheet's cache name: another layout makes other files.
    var name: String { "\(interval)s-\(columns)x\(rows)-\(tileSide)" }
}

/// Preview sheets kept on disk (`$XDG_CACHE_HOME/spindle/previews`): one PNG per sheet, named by
/// a hash of the media file's path, size and modification time and the layout, and the sheet's
/// number. A file that changes gets new names; a file ffmpeg could not read is remembered by an
/// empty mark, so that it is not tried at every play.
///
///     let cache = PreviewSheetCache(folder: "\(cacheHome)/spindle/previews")
///     if let png = cache.sheet(0, ofMedia: "/films/Heat.mkv", layout: .standard) { … }
///
/// The folder is private (0700) and each file too (0600), written whole (a temporary file, then
/// a rename); a file is read only when it is a regular file of at most `maximumSheetBytes`.
package struct PreviewSheetCache: Sendable {
    package var folder: String

    package init(folder: String) {
        self.folder = folder
    }

    /// The most bytes a sheet may have: a 1600x1600 sheet of noise in RGB is 7.7 MB as PNG.
    package static let maximumSheetBytes = 12 << 20

    /// The PNG of sheet `index` of `media`, or nil when it is not made (or damaged, or foreign).
    package func sheet(_ index: Int, ofMedia media: String, layout: PreviewSheetLayout) -> [UInt8]? {
        guard let path = path(ofSheet: index, media: media, layout: layout),
              let bytes = CacheFile.contents(of: path, maximumBytes: Self.maximumSheetBytes),
              bytes.starts(with: PreviewSheetMaker.pngSignature) else { return nil }
        return bytes
    }

    /// Keeps `png` as sheet `index` of `media`.
    package func store(_ png: [UInt8], sheet index: Int, ofMedia media: String, layout: PreviewSheetLayout) throws {
        guard let path = path(ofSheet: index, media: media, layout: layout) else {
            throw ArtError("\(ArtMaker.name(media)): gone before its preview was kept")
        }
        try CacheFile.keep(png, at: path, folder: folder)
    }

    /// Whether ffmpeg could not read `media` as it is now.
    package func hasFailed(_ media: String, layout: PreviewSheetLayout) -> Bool {
        guard let path = path(ofSheet: nil, media: media, layout: layout) else { return false }
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Remembers that ffmpeg could not read `media` as it is now.
    package func markFailed(_ media: String, layout: PreviewSheetLayout) {
        guard let path = path(ofSheet: nil, media: media, layout: layout) else { return }
        try? CacheFile.keep([], at: path, folder: folder)
    }

    /// The file of sheet `index` of `media` (nil: its failure mark); nil when the media cannot
    /// be read (gone).
    func path(ofSheet index: Int?, media: String, layout: PreviewSheetLayout) -> String? {
        var info = stat()
        guard stat(media, &info) == 0 else { return nil }
        let key = "preview\u{0}\(media)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\u{0}\(layout.name)"
        return folder + "/" + ArtCache.hash(key) + "-" + layout.name + (index.map { "-\($0).png" } ?? ".failed")
    }
}

/// What making a file's sheets came to: how many were made and found made, and why it stopped
/// early (nil: every sheet is there, or the making was cancelled).
///
///     let report = await maker.make(path, duration: 600, into: cache)
///     if let failure = report.failure { print(failure) }   // "film.mkv: ffmpeg did not make preview sheet 0 within 120 s"
package struct PreviewSheetReport: Equatable, Sendable {
    package var made = 0
    package var cached = 0
    package var failure: ArtError?

    package init(made: Int = 0, cached: Int = 0, failure: ArtError? = nil) {
        self.made = made
        self.cached = cached
        self.failure = failure
    }
}

/// Makes a media file's preview sheets with ffmpeg, one sheet after another, into a cache.
///
///     let report = await PreviewSheetMaker().make("/films/Heat.mkv", duration: 6_120, into: cache)
///
/// Each sheet is one ffmpeg run over its stretch of the file (`-ss` to its start, `-t` its
/// length), decoding key frames only (`-skip_frame nokey`: a film's 1000 s are a few hundred
/// pictures, not 24 000), on one thread, so it stays in the background of a film playing. Every
/// run is bounded: killed by pid past `timeoutPerSheet` or when the calling task is cancelled
/// (the player closed), its PNG at most `PreviewSheetCache.maximumSheetBytes`, and a file has at
/// most `maximumSheets` sheets (`maximumSheets` x 1000 s with the standard layout: 11 hours).
/// A file ffmpeg cannot read gets no sheets (and a mark, so it is not tried again until it
/// changes); a sheet that runs out of time ends the making, and it is tried again at the next play.
package struct PreviewSheetMaker: Sendable {
    /// `ffmpeg` (searched in `$PATH`), or a path.
    package var executable: String
    package var layout: PreviewSheetLayout
    package var timeoutPerSheet: Duration
    package var maximumSheets: Int

    package init(executable: String = "ffmpeg", layout: PreviewSheetLayout = .standard, timeoutPerSheet: Duration = .seconds(120),
                 maximumSheets: Int = 40) {
        self.executable = executable
        self.layout = layout
        self.timeoutPerSheet = timeoutPerSheet
        self.maximumSheets = maximumSheets
    }

    /// The first eight bytes of every PNG.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Makes the sheets of `media` (`duration` seconds long) that `cache` does not have yet, in
    /// order; stops at the first that cannot be made, or when the task is cancelled.
    package func make(_ media: String, duration: Int, into cache: PreviewSheetCache) async -> PreviewSheetReport {
        var report = PreviewSheetReport()
        guard !cache.hasFailed(media, layout: layout) else {
            report.failure = ArtError("\(ArtMaker.name(media)): ffmpeg could not read it before")
            return report
        }
        for index in 0 ..< layout.sheetCount(duration: duration, maximum: maximumSheets) {
            if Task.isCancelled { return report }
            if cache.sheet(index, ofMedia: media, layout: layout) != nil {
                report.cached += 1
                continue
            }
            do {
                let png = try await sheet(index, of: media)
                try cache.store(png, sheet: index, ofMedia: media, layout: layout)
                report.made += 1
            } catch let error as PreviewSheetError {
                // Unreadable from its start: not tried again until the file changes.
                if error.isUnreadable, index == 0 { cache.markFailed(media, layout: layout) }
                report.failure = ArtError(error.description)
                return report
            } catch let error as ArtError {
                report.failure = error
                return report
            } catch {
                return report  // cancelled
            }
        }
        return report
    }

    /// Sheet `index` of `media`, as PNG bytes. Throws `PreviewSheetError` when ffmpeg failed or
    /// ran out of time, `ArtError` when it could not start, `CancellationError` when cancelled.
    package func sheet(_ index: Int, of media: String) async throws -> [UInt8] {
        do {
            try checkSource(media)
        } catch {
            throw PreviewSheetError(description: error.description, isUnreadable: true)
        }
        guard let output = try await ArtMaker.runFFmpeg(executable, arguments(forSheet: index, of: media), timeout: timeoutPerSheet) else {
            throw PreviewSheetError(description: "\(ArtMaker.name(media)): ffmpeg did not make preview sheet \(index) within "
                + "\(FFProbe.seconds(timeoutPerSheet)) s", isUnreadable: false)
        }
        guard output.status == .exited(code: 0) else {
            throw PreviewSheetError(description: "\(ArtMaker.name(media)): " + ArtMaker.reason(output.stderr), isUnreadable: true)
        }
        guard !output.isTruncated, output.stdout.count <= PreviewSheetCache.maximumSheetBytes,
              output.stdout.starts(with: Self.pngSignature) else {
            throw PreviewSheetError(description: "\(ArtMaker.name(media)): no preview frames in it ffmpeg could read",
                                    isUnreadable: true)
        }
        return output.stdout
    }

    /// ffmpeg's arguments for sheet `index`: no shell, no input from the terminal, the file as a
    /// file (`file:`), its stretch of time only, key frames only, one thread, the first video
    /// stream; a frame every `interval` seconds (the last one at the end too), scaled within
    /// `tileSide` pixels, tiled, one PNG out.
    package func arguments(forSheet index: Int, of media: String) -> [String] {
        let side = layout.tileSide
        let filters = [
            "fps=1/\(layout.interval):round=down:eof_action=pass",
            "scale=\(side):\(side):force_original_aspect_ratio=decrease:force_divisible_by=2",
            "tile=\(layout.columns)x\(layout.rows)",
        ].joined(separator: ",")
        return [
            "-v", "error", "-nostdin", "-hide_banner", "-threads", "1", "-skip_frame", "nokey",
            "-ss", String(index * layout.secondsPerSheet), "-t", String(layout.secondsPerSheet),
            "-max_pixels", "40000000", "-i", "file:" + media,
            "-map", "0:V:0", "-an", "-sn", "-dn", "-vf", filters, "-frames:v", "1",
            "-c:v", "png", "-pix_fmt", "rgb24", "-f", "image2pipe", "pipe:1",
        ]
    }

    /// Refuses what is not a regular file (a link to one is followed).
    func checkSource(_ media: String) throws(ArtError) {
        var info = stat()
        guard stat(media, &info) == 0 else { throw ArtError("\(ArtMaker.name(media)): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ArtError("\(ArtMaker.name(media)): not a regular file") }
    }
}

/// Why ffmpeg made no sheet: one line for a report, and whether the file is what it could not
/// read (rather than the time it had).
///
///     catch let error as PreviewSheetError where error.isUnreadable { cache.markFailed(path, layout: layout) }
package struct PreviewSheetError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
    package var isUnreadable: Bool
}
