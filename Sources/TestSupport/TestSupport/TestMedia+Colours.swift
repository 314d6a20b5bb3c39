import Foundation

extension TestMedia {
    /// The colours of `colourSegments()`, one per 10 s, in order, with their RGB.
    package static let segmentColours: [(name: String, rgb: [UInt8])] = [
        ("red", [255, 0, 0]), ("green", [0, 128, 0]), ("blue", [0, 0, 255]),
        ("yellow", [255, 255, 0]), ("cyan", [0, 255, 255]), ("magenta", [255, 0, 255]),
    ]

    /// 60 s of video at 320x180 and 5 fps, one solid colour per 10 s (`segmentColours`), a key
    /// frame every 2 s, and a 440 Hz tone (without a display mpv plays a file for its sound):
    /// which second a frame was taken at shows in its colour. Generated with ffmpeg on first use
    /// and cached as `clip()` is (never committed).
    ///
    ///     let path = try TestMedia.colourSegments()
    package static func colourSegments() throws -> String {
        try generatedColourSegments.get()
    }

    private static let generatedColourSegments: Result<String, any Error> = Result {
        let names = segmentColours.map(\.name)
        return try cached("colours-\(names.joined(separator: "-"))-10s-320x180-5fps-g10-sine440.mkv", sidecars: []) { _, partial in
            var arguments: [String] = []
            for name in names { arguments += ["-f", "lavfi", "-i", "color=c=\(name):s=320x180:r=5:d=10"] }
            return arguments + [
                "-f", "lavfi", "-i", "sine=frequency=440:d=\(10 * names.count)",
                "-filter_complex", "concat=n=\(names.count):v=1:a=0[v]", "-map", "[v]", "-map", "\(names.count):a",
                "-g", "10", "-f", "matroska", partial.path,
            ]
        }
    }
}
