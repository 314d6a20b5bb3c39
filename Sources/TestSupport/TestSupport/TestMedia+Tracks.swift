import Foundation

extension TestMedia {
    /// The audio and subtitle tracks of `clipWithTracks()`: (language, title), in order.
    package static let audioTracks = [("eng", "English"), ("fra", "Français")]
    package static let subtitleTracks = [("eng", "English"), ("deu", "Deutsch")]

    /// 6 s of test pattern with two audio tracks (sines of 440 Hz, English, and 880 Hz, French)
    /// and two subtitle tracks (SubRip, English and German, written as text files first).
    /// Generated with ffmpeg on first use and cached as `clip()` is (never committed).
    ///
    ///     let path = try TestMedia.clipWithTracks()
    package static func clipWithTracks() throws -> String {
        try generatedWithTracks.get()
    }

    private static let generatedWithTracks: Result<String, any Error> = Result { try generateWithTracks() }

    private static func generateWithTracks() throws -> String {
        let seconds = 6
        let name = "testsrc-160x120-10fps-\(seconds)s-audio-eng440-fra880-subs-eng-deu.mkv"
        let sidecars = [("subs-eng", "srt", subtitles("Hello", seconds: seconds)), ("subs-deu", "srt", subtitles("Hallo", seconds: seconds))]
        return try cached(name, sidecars: sidecars) { files, partial in
            var arguments = [
                "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10",
                "-f", "lavfi", "-i", "sine=frequency=440",
                "-f", "lavfi", "-i", "sine=frequency=880",
                "-i", files[0].path, "-i", files[1].path,
                "-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s", "-map", "4:s", "-c:s", "srt",
            ]
            for (index, track) in audioTracks.enumerated() {
                arguments += ["-metadata:s:a:\(index)", "language=\(track.0)", "-metadata:s:a:\(index)", "title=\(track.1)"]
            }
            for (index, track) in subtitleTracks.enumerated() {
                arguments += ["-metadata:s:s:\(index)", "language=\(track.0)", "-metadata:s:s:\(index)", "title=\(track.1)"]
            }
            return arguments + ["-t", "\(seconds)", "-f", "matroska", partial.path]
        }
    }

    /// A SubRip file with one cue per second: "`word` 1", "`word` 2", …
    static func subtitles(_ word: String, seconds: Int) -> String {
        (0..<seconds).map { second in
            "\(second + 1)\n00:00:0\(second),000 --> 00:00:0\(second),900\n\(word) \(second + 1)\n"
        }.joined(separator: "\n")
    }
}
