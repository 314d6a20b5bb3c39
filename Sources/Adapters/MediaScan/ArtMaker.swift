#if canImport(Glibc)
import ProcessControl
import Glibc
#endif

/// What a title's picture is made from.
package enum ArtSource: Hashable, Sendable {
    /// A picture file beside the media (`poster.jpg`: see `ArtNames`).
    case image(String)
    /// The cover art inside a media file: an MKV attachment or MP4 `covr` (an attached picture).
    case embedded(String)
    /// A representative frame of a video near `seconds` (ffmpeg's `thumbnail` filter picks the
    /// least unusual of the frames there, passing over black ones and fades).
    case frame(String, seconds: Double)

    /// The file the picture is read from.
    package var path: String {
        switch self {
        case .image(let path), .embedded(let path), .frame(let path, _): path
        }
    }
}

/// A picture as pixels: `width` x `height`, four bytes a pixel (red, green, blue, alpha), rows
/// top to bottom.
package struct ArtPixels: Hashable, Sendable {
    package var width: Int
    package var height: Int
    package var rgba: [UInt8]

    package init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// Why a picture could not be made: one line for the scan report.
package struct ArtError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Makes a title's picture at an exact size, with ffmpeg: the source scaled to fit within
/// `width` x `height` (its proportions kept), centred on transparent pixels, as RGBA.
///
///     let pixels = try await ArtMaker().make(.image("/films/Heat/poster.jpg"), width: 160, height: 240)
///
/// Every source is untrusted. Before ffmpeg starts, the source must be a regular file (a link to
/// one is followed; to a device, a FIFO or a folder is refused) of at most `maximumSourceBytes`
/// when it is a picture file. ffmpeg decodes at most `maximumPixels` pixels a picture (a PNG
/// that declares 30000x30000 is refused before anything is allocated), is killed by pid past
/// `timeout`, and its answer must be exactly `width * height * 4` bytes. One process per
/// picture: a poster takes about 130 ms and 56 MB while it runs (docs/library.md, "Pictures").
package struct ArtMaker: Sendable {
    /// `ffmpeg` (searched in `$PATH`), or a path.
    package var executable: String
    package var timeout: Duration
    /// The largest picture file read (a poster is rarely over 2 MB).
    package var maximumSourceBytes: Int
    /// The most pixels ffmpeg may decode in one picture (8K is 33 million).
    package var maximumPixels: Int

    package init(executable: String = "ffmpeg", timeout: Duration = .seconds(20), maximumSourceBytes: Int = 32 << 20,
                 maximumPixels: Int = 40_000_000) {
        self.executable = executable
        self.timeout = timeout
        self.maximumSourceBytes = maximumSourceBytes
        self.maximumPixels = maximumPixels
    }

    /// The largest picture made: a full-screen poster on a 4K terminal is well under it.
    package static let maximumSide = 2048

    package func make(_ source: ArtSource, width: Int, height: Int) async throws -> ArtPixels {
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide else {
            throw ArtError("a picture of \(width)x\(height) is not made (1 to \(Self.maximumSide) a side)")
        }
        try checkSource(source)
        guard let output = try await Self.runFFmpeg(executable, arguments(for: source, width: width, height: height), timeout: timeout) else {
            throw ArtError("\(Self.name(source.path)): ffmpeg did not finish within \(FFProbe.seconds(timeout)) s")
        }
        guard output.status == .exited(code: 0) else {
            throw ArtError("\(Self.name(source.path)): " + Self.reason(output.stderr))
        }
        guard !output.isTruncated, output.stdout.count == width * height * 4 else {
            throw ArtError("\(Self.name(source.path)): not a picture ffmpeg could read")
        }
        return ArtPixels(width: width, height: height, rgba: output.stdout)
    }

    /// Runs ffmpeg (`executable`, found on PATH) with `arguments`, killed by pid past `timeout`:
    /// its output, or nil when it ran out of time. Throws `ArtError` when it cannot start,
    /// `CancellationError` when the task was cancelled (the child killed).
    static func runFFmpeg(_ executable: String, _ arguments: [String], timeout: Duration) async throws -> ChildProcess.Output? {
        guard let path = executablePath(executable) else { throw ArtError("ffmpeg is not installed") }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try await ChildProcess.run(path, arguments, timeout: timeout)
        } catch .notFound {
            throw ArtError("ffmpeg is not installed")
        } catch .failed(let error) {
            throw ArtError("cannot start ffmpeg: \(String(cString: strerror(error)))")
        }
        switch outcome {
        case .cancelled: throw CancellationError()
        case .timedOut: return nil
        case .finished(let output): return output
        }
    }

    /// ffmpeg's arguments: no shell, no input from the terminal, the source as a file (`file:`
    /// keeps a path that looks like a URL or an option a path), one picture out, raw RGBA.
    func arguments(for source: ArtSource, width: Int, height: Int) -> [String] {
        let fit = "scale=\(width):\(height):force_original_aspect_ratio=decrease:flags=bicubic,format=rgba,"
            + "pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2:color=black@0"
        let input = ["-max_pixels", String(maximumPixels), "-i", "file:" + source.path]
        var arguments = ["-v", "error", "-nostdin", "-hide_banner"]
        switch source {
        case .image:
            arguments += input + ["-map", "0:v:0", "-vf", fit]
        case .embedded:
            // Video streams that are attached pictures: all video (v) but the true video (V).
            arguments += input + ["-map", "0:v", "-map", "-0:V", "-vf", fit]
        case .frame(_, let seconds):
            arguments += ["-ss", format6(max(seconds, 0))] + input + ["-map", "0:V:0", "-vf", "thumbnail=n=24," + fit]
        }
        return arguments + ["-frames:v", "1", "-an", "-sn", "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]
    }

    /// Refuses what is not a regular file, and a picture file too large to be one.
    func checkSource(_ source: ArtSource) throws {
        var info = stat()
        guard stat(source.path, &info) == 0 else {
            throw ArtError("\(Self.name(source.path)): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ArtError("\(Self.name(source.path)): not a regular file") }
        if case .image = source {
            guard info.st_size > 0 else { throw ArtError("\(Self.name(source.path)): empty") }
            guard info.st_size <= maximumSourceBytes else {
                throw ArtError("\(Self.name(source.path)): \(info.st_size) bytes, more than a picture file may have (\(maximumSourceBytes))")
            }
        }
    }

    /// The line of ffmpeg's errors that says most (the first that names the trouble: "Invalid
    /// data found when processing input", "Picture size 30000x30000 is invalid"), without its
    /// "[png @ 0x…]" prefix, printable and bounded; ffmpeg's last line otherwise.
    static func reason(_ stderr: [UInt8]) -> String {
        let text = String(decoding: stderr.prefix(16384), as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { line -> String in
            var line = Substring(line)
            while line.hasPrefix("["), let end = line.firstIndex(of: "]") {
                line = line[line.index(after: end)...].drop { $0 == " " }
            }
            return String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200).map(Character.init))
        }.filter { !$0.isEmpty }
        let telling = ["invalid", "no such", "denied", "unsupported", "not supported", "too big", "does not contain"]
        let line = lines.first { line in telling.contains { line.lowercased().contains($0) } } ?? lines.last
        return line ?? "ffmpeg could not read it"
    }

    /// The file's name, for a report line.
    static func name(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private func format6(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = milliseconds % 1000
        return "\(milliseconds / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
    }
}
