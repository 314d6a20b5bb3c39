import Foundation
import Library
import MediaScan
import TestSupport
import Testing
@testable import AppCore
@testable import AppLibrary

/// The posters a scan makes once its files are stored: each video's, a few at a time, kept in
/// the cache; a broken picture file is one line of the report and the video's frame stands in.
@Suite struct ArtPrewarmTests {
    @Test("after a scan, every video's poster is made and kept; a broken poster.jpg is one line, and a second scan makes none again",
          .needsFFmpeg)
    func postersAfterAScan() async throws {
        let scratch = try TempFolder(prefix: "spindle-prewarm")
        let films = try scratch.mediaFolder("films", files: ["Alpha (2001).mkv", "Beta (2002).mkv", "Gamma (2003).mkv"])
        // Beta's own poster is no picture at all.
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: films + "/Beta (2002)-poster.jpg"))
        let database = try LibraryDatabase(path: scratch.path + "/library.sqlite")
        let cache = ArtCache(folder: scratch.path + "/art")
        let reports = Reports()
        await FolderScan(database: database, folders: [films], prober: FFProbe(), art: ArtFinder(cache: cache))
            .run { reports.add($0, $1) }
        let last = try #require(reports.all.last?.0)
        #expect(last.isFinished && last.done == 3)
        let pictures = try #require(last.pictures)
        #expect(pictures.total == 3 && pictures.done == 3)
        #expect(pictures.failed == 1)
        #expect(pictures.lines.count == 1 && pictures.lines[0].contains("Beta (2002)-poster.jpg"), "\(pictures.lines)")
        #expect(last.summary == "1 picture could not be read")
        // The counts went up one by one, the header telling "posters 1 / 3" on the way.
        #expect(reports.all.contains { $0.0.summary == "posters 1 / 3" })
        let size = ArtKind.poster.cardPixels
        for name in ["Alpha (2001).mkv", "Beta (2002).mkv", "Gamma (2003).mkv"] {
            let sources = ArtFinder.sources(forMedia: films + "/" + name, duration: 2)
            #expect(sources.contains { cache.has($0, width: size.width, height: size.height) }, "\(name)'s poster kept")
        }
        // Again: everything kept, nothing made, nothing told.
        let again = Reports()
        await FolderScan(database: database, folders: [films], prober: FFProbe(), art: ArtFinder(cache: cache))
            .run { again.add($0, $1) }
        #expect(again.all.last?.0.pictures == PictureProgress(total: 3, done: 3))
    }
}
