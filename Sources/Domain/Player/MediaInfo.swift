import Catalog

/// What an engine learned from the media once it loaded: its length, its chapters, its audio
/// and subtitle tracks, the volume the engine starts at (its user's own configuration), and
/// anything it has to tell the user about how it plays.
package struct MediaInfo: Equatable, Sendable, Codable {
    /// Seconds; nil when the media cannot tell (a live stream).
    package var duration: Double?
    package var chapters: [Chapter]
    /// 0 … 130 (mpv's scale); nil if the engine has none.
    package var volume: Int?
    package var isMuted: Bool
    /// Audio and subtitle tracks, in the engine's order.
    package var tracks: [MediaTrack]
    /// A few words the player shows with its HUD ("no display: sound only"); nil mostly.
    package var notice: String?
    /// The picture's size in pixels, as the file gives it; nil without a picture.
    package var pictureSize: PictureSize?
    /// The file's size in bytes; nil when the engine cannot tell (a live stream).
    package var fileSize: Int?

    package init(duration: Double?, chapters: [Chapter] = [], volume: Int? = nil, isMuted: Bool = false,
                 tracks: [MediaTrack] = [], notice: String? = nil, pictureSize: PictureSize? = nil, fileSize: Int? = nil) {
        self.duration = duration
        self.chapters = chapters
        self.volume = volume
        self.isMuted = isMuted
        self.tracks = tracks
        self.notice = notice
        self.pictureSize = pictureSize
        self.fileSize = fileSize
    }

    enum CodingKeys: String, CodingKey {
        case duration, chapters, volume, isMuted, tracks, notice, pictureSize, fileSize
    }

    /// Also reads what a journal saved before tracks were known (no `tracks`, `notice`, `pictureSize` or `fileSize`).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        chapters = try container.decode([Chapter].self, forKey: .chapters)
        volume = try container.decodeIfPresent(Int.self, forKey: .volume)
        isMuted = try container.decode(Bool.self, forKey: .isMuted)
        tracks = try container.decodeIfPresent([MediaTrack].self, forKey: .tracks) ?? []
        notice = try container.decodeIfPresent(String.self, forKey: .notice)
        pictureSize = try container.decodeIfPresent(PictureSize.self, forKey: .pictureSize)
        fileSize = try container.decodeIfPresent(Int.self, forKey: .fileSize)
    }
}

/// A picture's width and height in pixels: "1920×1080".
package struct PictureSize: Equatable, Hashable, Sendable, Codable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package var text: String { "\(width)×\(height)" }
}
