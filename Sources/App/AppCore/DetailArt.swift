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

/// What the details pane asks the library for: the picture of a title's media file.
package struct ArtRequest: Hashable, Sendable {
    package var titleID: String
    /// The media file (a path on this machine).
    package var path: String
    /// The title's length in seconds, for the frame taken when there is no art (a tenth in).
    package var duration: Int

    /// The size pictures are made at: a poster's 2:3, enough for a pane of 30x20 cells in any
    /// protocol; the encoder scales it to the cells it gets.
    package static let width = 300
    package static let height = 450
}

/// How a picture is drawn in a rectangle of cells, given by the binary that links the pictures'
/// encoder (`spindle-full`); nil: the app draws none.
package struct ArtDrawing: Sendable {
    package var draw: @Sendable (ArtImage, Rect, any Canvas) -> Void

    package init(draw: @escaping @Sendable (ArtImage, Rect, any Canvas) -> Void) {
        self.draw = draw
    }
}

extension AppState {
    /// The picture the details pane needs and does not have: its title's media file is on this
    /// machine (a library's folders; a server's titles are not asked here), and it was not asked
    /// for yet.
    package var artRequest: ArtRequest? {
        guard hasArt, player == nil, let title = list.detail, let media = title.media, media.video.hasPrefix("/"),
              detailArt?.titleID != title.id else { return nil }
        return ArtRequest(titleID: title.id, path: media.video, duration: title.duration)
    }
}
