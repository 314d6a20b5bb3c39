/// The frame at a seek's target, shown above the progress bar while the user seeks: from the
/// last seek key (or click on the bar) while the seek is pending, and `PlayerTiming.seekPreviewLinger`
/// after it landed, unless a later seek key starts the wait again. Or the frame under the mouse
/// pointer while it rests on the bar (`isHover`): it follows the pointer, and goes when the
/// pointer leaves the bar.
///
///     PlayerState.reduce(&player, .seekRequested(by: 10))
///     player.seekPreview?.target   // where the seek goes, in seconds
///     player.previewFrame          // the preview frame of that second (one every 10 s)
package struct SeekPreview: Equatable, Sendable, Codable {
    /// The second the preview shows: the target of the last seek key.
    package var target: Int
    /// The `interactionCount` of the last seek key: the linger's wait is keyed by it, so each
    /// seek key starts it again and the end of an older wait changes nothing.
    package var seekKey: Int
    /// The pointer over the bar shows it, rather than a seek: no linger, the HUD stays.
    package var isHover: Bool

    package init(target: Int, seekKey: Int, isHover: Bool = false) {
        self.target = target
        self.seekKey = seekKey
        self.isHover = isHover
    }

    private enum CodingKeys: String, CodingKey { case target, seekKey, isHover }

    /// A preview journaled without `isHover` is a seek's.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        target = try container.decode(Int.self, forKey: .target)
        seekKey = try container.decode(Int.self, forKey: .seekKey)
        isHover = try container.decodeIfPresent(Bool.self, forKey: .isHover) ?? false
    }

    /// The preview frame that shows second `seconds` of a title `duration` seconds long: one
    /// frame every `PlayerTiming.previewInterval` seconds, the last one at most a second before
    /// the end (the end itself has no frame).
    ///
    ///     SeekPreview.frame(at: 35, duration: 60)   // 3: the frame taken at 30 s
    package static func frame(at seconds: Int, duration: Int) -> Int {
        max(0, min(seconds, duration - 1)) / PlayerTiming.previewInterval
    }
}

/// Hide the seek preview `PlayerTiming.seekPreviewLinger` after the seek key numbered `seekKey`
/// (counted from when its seek landed).
///
///     player.seekPreviewHideRequest   // SeekPreviewHideRequest(titleID: "film", seekKey: 3): wait, then hide
package struct SeekPreviewHideRequest: Hashable, Sendable {
    package var titleID: String
    package var seekKey: Int
}

extension PlayerState {
    /// The frame the seek preview wants (see `SeekPreview.frame(at:duration:)`), while it shows.
    package var previewFrame: Int? {
        seekPreview.map { SeekPreview.frame(at: $0.target, duration: title.duration) }
    }

    /// Hide the seek preview a moment after its seek landed: nil while the seek is pending (the
    /// preview stays while it is), so the wait starts when the seek lands, or at the last seek
    /// key when it landed already.
    package var seekPreviewHideRequest: SeekPreviewHideRequest? {
        guard exit == nil, pendingSeek == nil, let seekPreview, !seekPreview.isHover else { return nil }
        return SeekPreviewHideRequest(titleID: title.id, seekKey: seekPreview.seekKey)
    }

    /// After a seek key or a click on the bar: the preview shows the user's pending seek's
    /// target (a skip-intro seek shows none).
    mutating func previewSeek() {
        guard let pendingSeek, pendingSeek.purpose == .user else { return }
        seekPreview = SeekPreview(target: pendingSeek.target, seekKey: interactionCount)
    }

    /// The pointer moved over the bar, at the second under it, or off it (nil): the preview
    /// follows it while the media is ready, and the HUD stays while it rests there. Leaving the
    /// bar takes a hover's preview away, not a seek's.
    mutating func hover(at second: Int?) {
        guard let second else {
            if seekPreview?.isHover == true { seekPreview = nil }
            return
        }
        guard media == .ready, title.duration > 0 else { return }
        noteInteraction()
        seekPreview = SeekPreview(target: min(max(second, 0), title.duration), seekKey: interactionCount, isHover: true)
    }

    /// The wait after seek key `seekKey` ended: the preview goes, unless a later seek key made
    /// that wait irrelevant.
    mutating func hideSeekPreview(after seekKey: Int) {
        guard seekPreview?.seekKey == seekKey else { return }
        seekPreview = nil
    }
}
