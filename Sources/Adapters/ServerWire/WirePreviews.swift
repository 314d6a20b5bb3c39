/// A title's seek preview frames over HTTP: `GET /v1/titles/{id}/previews/{n}` answers sheet `n`
/// as PNG, the frames the app shows above the player's bar while seeking. A sheet holds
/// `columns` x `rows` frames, one every `interval` seconds from second `n` x `secondsPerSheet`,
/// row by row, each at most `tileSide` pixels a side; a title of `duration` seconds has
/// `sheetCount(duration:)` sheets. The server makes a sheet the first time it is asked for (one
/// ffmpeg run, seconds for a film's 1000 s), keeps it, and answers it with an `ETag` (a hash
/// of its bytes) and `Cache-Control`; `If-None-Match` gets `304`. 404 for a title without a
/// file, a sheet past its end, or a file ffmpeg cannot read; 503 with `Retry-After` while the
/// server is busy making other sheets, or when making this one ran out of time.
///
///     WirePreviews.path(id: "t42", sheet: 1)   // "/v1/titles/t42/previews/1"
package enum WirePreviews {
    /// Seconds between two frames.
    package static let interval = 10
    package static let columns = 10
    package static let rows = 10
    /// A frame's longer side at most, in pixels.
    package static let tileSide = 160
    /// The most sheets a title has (40 x 1000 s: 11 hours).
    package static let maximumSheets = 40
    /// The most bytes of a sheet a client reads: a sheet of noise is about 7.7 MB.
    package static let maximumBytes = 12 << 20
    /// How long a client may keep a sheet without asking again (`Cache-Control: max-age`).
    package static let maximumAge = 86_400
    /// How long a client waits for a sheet: the server may have to make it first (at most 120 s).
    package static let patience = Duration.seconds(150)

    /// Seconds of a title a sheet covers.
    package static var secondsPerSheet: Int { interval * columns * rows }

    /// The sheets of a title `duration` seconds long.
    package static func sheetCount(duration: Int) -> Int {
        guard duration > 0 else { return 0 }
        return min((duration + secondsPerSheet - 1) / secondsPerSheet, maximumSheets)
    }

    /// The request's path.
    package static func path(id: String, sheet: Int) -> String {
        "\(WireProtocol.titlesPath)/\(PercentEncoding.encode(id))/previews/\(sheet)"
    }

    /// A stable hash of a sheet's bytes (FNV-1a, 64 bits), as an `ETag` (quoted).
    package static func entityTag(png: [UInt8]) -> String {
        "\"sheet-" + String(WireArt.hash(png), radix: 16) + "\""
    }
}
