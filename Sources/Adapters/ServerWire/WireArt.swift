/// A title's picture over HTTP: `GET /v1/titles/{id}/art?kind=poster&width=150` answers a PNG
/// of exactly `width` × `height(width:kind:)` pixels (the picture fitted inside, the rest
/// transparent), with an `ETag` (a hash of its pixels) and `Cache-Control`; a request that sends
/// the `ETag` back as `If-None-Match` gets `304 Not Modified` while the picture is the same.
/// 404 when the title has no picture (no art, no cover, no frame ffmpeg could take).
///
/// A show's or a season's picture, which has no title id, is `GET /v1/groups/art?show=NAME`
/// (`&season=N` for a season) with the same `kind` and `width`: the art of the show's folder
/// (`seasonNN-poster.jpg`, `Season N/folder.jpg`, `poster.jpg`), else its first episode's frame.
///
///     WireArt.path(id: "t4f2a", kind: .thumbnail, width: 240)   // "/v1/titles/t4f2a/art?kind=thumbnail&width=240"
///     WireArt.groupPath(show: "Dark", season: 2, kind: .poster, width: 150)   // "/v1/groups/art?show=Dark&season=2&kind=poster&width=150"
package enum WireArt {
    /// A picture's shape: a poster is 2:3, a thumbnail 16:9.
    package enum Kind: String, Sendable, CaseIterable {
        case poster
        case thumbnail
    }

    /// The widths a client may ask for.
    package static let widths = 16 ... 600
    /// The most bytes of PNG a client reads: a 600 × 900 picture of noise is about 2.2 MB.
    package static let maximumBytes = 4 << 20
    /// How long a client may keep a picture without asking again (`Cache-Control: max-age`).
    package static let maximumAge = 86_400

    /// The height of a picture `width` wide.
    package static func height(width: Int, kind: Kind) -> Int {
        switch kind {
        case .poster: width * 3 / 2
        case .thumbnail: max(1, width * 9 / 16)
        }
    }

    /// The request's path and query.
    package static func path(id: String, kind: Kind, width: Int) -> String {
        "\(WireProtocol.titlesPath)/\(PercentEncoding.encode(id))/art?kind=\(kind.rawValue)&width=\(width)"
    }

    /// The path of the groups' pictures.
    package static let groupsPath = "/v1/groups/art"

    /// The request's path and query for a show's picture (`season` nil) or a season's.
    package static func groupPath(show: String, season: Int?, kind: Kind, width: Int) -> String {
        groupsPath + "?show=" + PercentEncoding.encode(show) + (season.map { "&season=\($0)" } ?? "")
            + "&kind=\(kind.rawValue)&width=\(width)"
    }

    /// A stable hash of a picture's pixels and size (FNV-1a, 64 bits), as an `ETag` (quoted).
    package static func entityTag(width: Int, height: Int, rgba: [UInt8]) -> String {
        var size: [UInt8] = []
        for value in [width, height] { withUnsafeBytes(of: value.littleEndian) { size.append(contentsOf: $0) } }
        return "\"art-" + String(hash(rgba, seed: hash(size)), radix: 16) + "\""
    }

    /// FNV-1a over `bytes`, eight at a time (a 300 × 450 picture hashes in a fraction of a
    /// millisecond), from `seed`.
    package static func hash(_ bytes: [UInt8], seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        bytes.withUnsafeBytes { bytes in
            var index = 0
            while index + 8 <= bytes.count {
                hash ^= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                hash = hash &* 0x0000_0100_0000_01b3
                index += 8
            }
            while index < bytes.count {
                hash ^= UInt64(bytes[index])
                hash = hash &* 0x0000_0100_0000_01b3
                index += 1
            }
        }
        return hash
    }
}
