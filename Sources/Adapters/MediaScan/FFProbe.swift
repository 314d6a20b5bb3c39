#if canImport(Glibc)
import ProcessControl
import Glibc
#endif

/// Reads a media file's facts with ffprobe: its duration, chapters, whether it has a picture,
/// its embedded tags (title, show, season, episode, year, genre), merged with what its name
/// tells (`FileNameParser`; the tags win when present), and a subtitles file beside it.
///
///     let facts = try await FFProbe().probe(file)
///     facts.duration   // 1312.5
///
/// ffprobe runs as a child process (no shell), in a session of its own, and is killed by pid
/// past `timeout` or as soon as the calling task is cancelled (which throws `CancellationError`).
/// Other failures throw a `MediaProbeError` with a message for the user: "ffprobe is not
/// installed", ffprobe's own words ("Invalid data found when processing input"),
/// "ffprobe did not answer within 20 s", "ffprobe's answer could not be read".
package struct FFProbe: MediaProber {
    /// `ffprobe` (searched in `$PATH`), or a path.
    package var executable: String
    package var timeout: Duration

    package init(executable: String = "ffprobe", timeout: Duration = .seconds(20)) {
        self.executable = executable
        self.timeout = timeout
    }

    /// The arguments ffprobe is given for `path`. The `file:` prefix keeps a path that looks
    /// like a URL or an option a path.
    static func arguments(for path: String) -> [String] {
        ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-show_chapters", "file:" + path]
    }

    package func probe(_ file: MediaFile) async throws -> MediaFacts {
        try Task.checkCancellation()
        guard let path = executablePath(executable) else { throw MediaProbeError("ffprobe is not installed") }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try await ChildProcess.run(path, Self.arguments(for: file.path), timeout: timeout)
        } catch .notFound {
            throw MediaProbeError("ffprobe is not installed")
        } catch .failed(let error) {
            throw MediaProbeError("cannot start ffprobe: \(String(cString: strerror(error)))")
        }
        switch outcome {
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            throw MediaProbeError("ffprobe did not answer within \(Self.seconds(timeout)) s")
        case .finished(let output):
            guard output.status == .exited(code: 0) else {
                throw MediaProbeError(Self.failure(output, path: file.path))
            }
            guard !output.isTruncated, let answer = try? FFProbeAnswer(json: output.stdout) else {
                throw MediaProbeError("ffprobe's answer could not be read")
            }
            return Self.facts(answer, path: file.path)
        }
    }

    /// What ffprobe says, merged with what the name says (the tags win), and the subtitles.
    static func facts(_ answer: FFProbeAnswer, path: String) -> MediaFacts {
        let name = FileNameParser.parse(path: path)
        let tags = answer.tags
        let episode = tags["episode_sort"].flatMap { Int($0) }
            ?? tags["episode_id"].flatMap { Int($0) ?? FileNameParser.episodeMarker($0)?.episode }
        let year = ["date", "year", "date_released"].lazy.compactMap { tags[$0].flatMap(Self.year) }.first
        return MediaFacts(
            title: tags["title"] ?? name.title,
            show: tags["show"] ?? name.show,
            season: tags["season_number"].flatMap { Int($0) } ?? name.season,
            episode: episode ?? name.episode,
            year: year ?? name.year,
            genre: tags["genre"],
            duration: answer.duration,
            chapters: answer.chapters,
            hasVideo: answer.hasVideo,
            subtitles: subtitles(besides: path))
    }

    /// The year at the start of a date tag: `1999`, `1999-05-01`, `1999-05-01T00:00:00Z`.
    private static func year(_ date: String) -> Int? {
        let digits = date.prefix(4)
        guard digits.count == 4, date.dropFirst(4).first.map({ !$0.isASCIIDigit }) ?? true else { return nil }
        return FileNameParser.asYear(digits)
    }

    /// A subtitles file with the media's name and `.srt`, `.vtt` or `.ass` (or the same in
    /// capitals), if there is one.
    static func subtitles(besides path: String) -> String? {
        let slash = path.lastIndex(of: "/") ?? path.startIndex
        let stem = path[slash...].lastIndex(of: ".").map { path[..<$0] } ?? path[...]
        for fileExtension in ["srt", "vtt", "ass", "SRT", "VTT", "ASS"] {
            let candidate = stem + "." + fileExtension
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return candidate }
        }
        return nil
    }

    /// `20`, or `0.5`: a timeout in seconds as a message tells it.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return String(seconds) }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        var text = String(Double(milliseconds) / 1000)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// What ffprobe said went wrong, on one line with no control character, at most about 200
    /// characters: its verdict on the file (the line that starts with the file's path, without
    /// the path), else its first line (without a `[matroska,webm @ 0x...]` prefix); or how it
    /// ended when it said nothing.
    static func failure(_ output: ChildProcess.Output, path: String) -> String {
        let lines = String(decoding: output.stderr, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map(\.trimmed).filter { !$0.isEmpty }
        for line in lines {
            for prefix in ["file:" + path + ": ", path + ": "] where line.hasPrefix(prefix) {
                return MediaProbeError.oneLine(String(line.dropFirst(prefix.count)))
            }
        }
        guard var line = lines.first else {
            if case .killed(let signal) = output.status { return "ffprobe was killed by signal \(signal)" }
            return "ffprobe \(output.status)"
        }
        if line.hasPrefix("["), let end = line.firstIndex(of: "]"), line[..<end].contains(" @ ") {
            line = line[line.index(after: end)...].trimmed
        }
        return MediaProbeError.oneLine(String(line))
    }
}
