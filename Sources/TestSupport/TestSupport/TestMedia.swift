import Foundation
import ProcessControl
import Testing

/// The media the integration tests play, generated with ffmpeg on first use and cached (never
/// committed): 12 s of test pattern at 160x120 and 10 fps with a 440 Hz tone, and three
/// chapters: Intro (0–3 s), Main (3–9 s), Credits (9–12 s).
///
///     let path = try TestMedia.clip()
///
/// The cache is `$SPINDLE_TEST_MEDIA`, or `.build/test-media` in the package. The file name
/// holds every parameter, so changing one makes a new file. Each writer writes a file of its
/// own and renames it into place, so tests running at once never see half a file.
package enum TestMedia {
    package static let duration = 12
    package static let chapters = [("Intro", 0), ("Main", 3), ("Credits", 9)]

    /// Why the integration tests cannot run here, or nil if they can.
    package static let missingTools: String? = {
        let missing = ["mpv", "ffmpeg"].filter { executablePath($0) == nil }
        guard !missing.isEmpty else { return nil }
        return "needs \(missing.joined(separator: " and ")) (sudo apt install mpv ffmpeg)"
    }()

    package static var toolsInstalled: Bool { missingTools == nil }

    package static func clip() throws -> String {
        try generated.get()
    }

    private static let generated: Result<String, any Error> = Result { try generate() }

    static var cacheFolder: URL {
        if let folder = ProcessInfo.processInfo.environment["SPINDLE_TEST_MEDIA"], !folder.isEmpty {
            return URL(fileURLWithPath: folder)
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return package.appendingPathComponent(".build/test-media")
    }

    private static func generate() throws -> String {
        let chapterText = chapters.map { "\($0.0)-\($0.1)" }.joined(separator: "_")
        return try cached("testsrc-160x120-10fps-sine440-\(duration)s-\(chapterText).mkv",
                          sidecars: [("chapters", "txt", chapterMetadata(chapters, duration: duration))]) { files, partial in
            [
                "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10",
                "-f", "lavfi", "-i", "sine=frequency=440",
                "-i", files[0].path,
                "-map", "0:v", "-map", "1:a", "-map_metadata", "2", "-map_chapters", "2",
                "-t", "\(duration)", "-f", "matroska", partial.path,
            ]
        }
    }

    /// The media file `name` in the cache folder, made once by ffmpeg with `arguments` (given the
    /// `sidecars` written as files beside it, and the partial file to write): made under a name
    /// of its own, then renamed into place, so that a reader sees no file or the whole one.
    static func cached(_ name: String, sidecars: [(prefix: String, ext: String, text: String)],
                       arguments: ([URL], URL) -> [String]) throws -> String {
        let folder = cacheFolder
        let target = folder.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: target.path) { return target.path }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let files = sidecars.map { folder.appendingPathComponent("\($0.prefix)-\(unique).\($0.ext)") }
        let partial = folder.appendingPathComponent("partial-\(unique).mkv")
        defer {
            for file in files + [partial] { try? FileManager.default.removeItem(at: file) }
        }
        for (file, sidecar) in zip(files, sidecars) {
            try sidecar.text.write(to: file, atomically: true, encoding: .utf8)
        }
        try runFFmpeg(arguments(files, partial))
        // rename(2) replaces atomically: a reader sees the old file or the whole new one.
        guard rename(partial.path, target.path) == 0 else {
            throw GenerationFailed(message: "cannot move the clip into \(target.path): errno \(errno)")
        }
        return target.path
    }

    /// Runs ffmpeg quietly with `arguments` (after `-v error -y`); throws unless it succeeds.
    ///
    ///     try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=red:s=8x8", "-frames:v", "1", "red.png"])
    package static func runFFmpeg(_ arguments: [String]) throws {
        let status = try TestProcess.run([executablePath("ffmpeg") ?? "/usr/bin/ffmpeg", "-v", "error", "-y"] + arguments)
        guard status == 0 else {
            throw GenerationFailed(message: "ffmpeg exited with status \(status)")
        }
    }

    /// An FFMETADATA file's text (for ffmpeg's `-i`) with `chapters` (name, start in
    /// seconds), the last one ending at `duration`.
    static func chapterMetadata(_ chapters: [(String, Int)], duration: Int) -> String {
        var text = ";FFMETADATA1\n"
        for (index, chapter) in chapters.enumerated() {
            let end = index + 1 < chapters.count ? chapters[index + 1].1 : duration
            text += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(chapter.1 * 1000)\nEND=\(end * 1000)\ntitle=\(chapter.0)\n"
        }
        return text
    }

    package struct GenerationFailed: Error {
        package var message: String
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite only where mpv and ffmpeg are installed (`make test` installs them), and says
    /// why it was skipped otherwise.
    package static var needsMPVAndFFmpeg: Self {
        .enabled(if: TestMedia.toolsInstalled, Comment(rawValue: TestMedia.missingTools ?? ""))
    }
}
