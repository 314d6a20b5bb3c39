import Browser
import Catalog
import Terminal

/// A title's picture as the app holds it: pixels made by the library (`ArtFinder`), shared, never
/// copied. Two are equal when they are the same picture, so a state holding one compares in no
/// time. It is not saved with the session (a picture is made again from the cache in
/// milliseconds), and an event carrying one is never journaled (`AppSession.durable`): encoded,
/// it keeps its size only.
package final class ArtImage: Equatable, Hashable, Sendable, Codable {
    package let width: Int
    package let height: Int
    /// Four bytes a pixel (red, green, blue, alpha), rows top to bottom.
    package let rgba: [UInt8]

    package init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    package static func == (lhs: ArtImage, rhs: ArtImage) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    private enum CodingKeys: String, CodingKey { case width, height }

    package convenience init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decode(Int.self, forKey: .width)
        _ = try container.decode(Int.self, forKey: .height)
        self.init(width: 0, height: 0, rgba: [])
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}

/// The picture of the title the details pane shows: asked of the library while it is nil, or
/// for another title; `image` nil once asked means the title has none.
package struct DetailArt: Equatable, Sendable {
    package var titleID: String
    package var image: ArtImage?

    package init(titleID: String, image: ArtImage?) {
        self.titleID = titleID
        self.image = image
    }
}

/// What the app asks the library for: the picture of a title's media file, or of a show's or a
/// season's folder (a group row: `group`, `path` empty), as a poster or a thumbnail, at a size.
package struct ArtRequest: Hashable, Sendable, Codable {
    package var titleID: String
    /// The media file (a path on this machine); empty for a show's or a season's row.
    package var path: String
    /// The title's length in seconds, for the frame taken when there is no art (a tenth in).
    package var duration: Int
    /// The show or season whose folder's art is wanted (a group row), else nil.
    package var group: TitleGroup?
    package var kind: ArtKind
    package var width: Int
    package var height: Int

    package init(titleID: String, path: String, duration: Int, group: TitleGroup? = nil, kind: ArtKind = .poster,
                 width: Int = ArtRequest.width, height: Int = ArtRequest.height) {
        self.titleID = titleID
        self.path = path
        self.duration = duration
        self.group = group
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// The size the details pane's poster is made at: a poster's 2:3, enough for a pane of
    /// 30x20 cells in any protocol; the encoder scales it to the cells it gets.
    package static let width = 300
    package static let height = 450

    /// The request for `title`'s card in the grid, or nil when it has no picture to find (a
    /// title without media: the embedded catalog's). A server's title is asked of the server.
    package static func card(for title: Title, kind: ArtKind) -> ArtRequest? {
        let size = kind.cardPixels
        if let group = title.group {
            return ArtRequest(titleID: title.id, path: "", duration: 0, group: group, kind: kind, width: size.width, height: size.height)
        }
        guard let media = title.media else { return nil }
        return ArtRequest(titleID: title.id, path: media.video, duration: title.duration, kind: kind,
                          width: size.width, height: size.height)
    }
}

/// A picture's shape: a poster (2:3, a film's, a show's, a season's), or a thumbnail (16:9, an
/// episode's frame, what Home's cards show).
package enum ArtKind: String, Hashable, Sendable, Codable {
    case poster
    case thumbnail

    /// The pixels a card's picture is made at: enough for a card of 12x9 cells (9 rows of 20
    /// pixels) in any protocol, and a tenth of a details poster's bytes.
    package var cardPixels: (width: Int, height: Int) {
        switch self {
        case .poster: (150, 225)
        case .thumbnail: (240, 135)
        }
    }
}

/// The pictures of the grid's cards, by title and kind, made by the library and kept while
/// their bytes stay within `budget` (the least recently stored go first). A title whose picture
/// could not be made is kept as nil, so it is not asked for again.
package struct ArtShelf: Equatable, Sendable {
    struct Key: Hashable, Sendable {
        var titleID: String
        var kind: ArtKind
    }

    struct Entry: Equatable, Sendable {
        var image: ArtImage?
        var stamp: Int
    }

    private(set) var entries: [Key: Entry] = [:]
    private var clock = 0
    /// The pixels' bytes held.
    package private(set) var bytes = 0
    /// The most bytes of pixels kept: 16 MiB, about 120 posters of a card (five screens of cards at 120x40).
    package static let budget = 16 << 20
    /// The most pictures kept, whatever their size.
    package static let maximumCount = 1_024

    package init() {}

    package var count: Int { entries.count }

    /// Whether the picture of `titleID` as `kind` was made (or found missing).
    package func has(_ titleID: String, kind: ArtKind) -> Bool {
        entries[Key(titleID: titleID, kind: kind)] != nil
    }

    /// The picture of `titleID` as `kind`, if it was made.
    package func image(for titleID: String, kind: ArtKind) -> ArtImage? {
        entries[Key(titleID: titleID, kind: kind)]?.image ?? nil
    }

    /// Keeps `image` (nil: there is none), dropping the least recently stored past the budget.
    package mutating func store(_ image: ArtImage?, for titleID: String, kind: ArtKind) {
        let key = Key(titleID: titleID, kind: kind)
        clock += 1
        if let old = entries[key] { bytes -= old.image?.rgba.count ?? 0 }
        entries[key] = Entry(image: image, stamp: clock)
        bytes += image?.rgba.count ?? 0
        while bytes > Self.budget || entries.count > Self.maximumCount,
              let oldest = entries.min(by: { $0.value.stamp < $1.value.stamp }), oldest.key != key {
            bytes -= oldest.value.image?.rgba.count ?? 0
            entries[oldest.key] = nil
        }
    }

    /// Whether its count of bytes is the sum of its pictures', within the budget unless one
    /// picture alone exceeds it.
    package var holdsItsCount: Bool {
        let sum = entries.values.reduce(0) { $0 + ($1.image?.rgba.count ?? 0) }
        return sum == bytes && (bytes <= Self.budget || entries.count == 1) && entries.count <= Self.maximumCount
    }
}

/// How a picture is drawn in a rectangle of cells, given by the binary that links the pictures'
/// encoder (`spindle-full`); nil: the app draws none.
package struct ArtDrawing: Sendable {
    package var draw: @Sendable (ArtImage, Rect, any Canvas) -> Void

    package init(draw: @escaping @Sendable (ArtImage, Rect, any Canvas) -> Void) {
        self.draw = draw
    }
}

extension ListState {
    /// The shape of the list's pictures in a grid: thumbnails where episodes are watched on
    /// (Home, a season's episodes), posters elsewhere (a folder's titles too) and in a search.
    package var cardKind: ArtKind {
        guard query.isEmpty else { return .poster }
        switch scope {
        case .home, .season: return .thumbnail
        case .all, .films, .shows, .show, .folder: return .poster
        }
    }
}

extension AppState {
    /// The picture the details pane needs and does not have: its title has media (a file of a
    /// library, or a server's, whose picture the server makes), and it was not asked for yet.
    package var artRequest: ArtRequest? {
        guard hasArt, player == nil, let title = list.detail, let media = title.media,
              detailArt?.titleID != title.id else { return nil }
        return ArtRequest(titleID: title.id, path: media.video, duration: title.duration)
    }
}
