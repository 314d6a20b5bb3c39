/// What the user has watched of a title: where they left it (0: nowhere) and whether they saw
/// it to its credits.
///
///     WatchMark(position: 1312, watched: false)   // ◐, offered to resume at 21:52
///     WatchMark(position: 0, watched: true)       // ✓
package struct WatchMark: Equatable, Hashable, Sendable, Codable {
    /// Whole seconds from the start; 0 when there is nowhere to resume.
    package var position: Int
    package var watched: Bool

    package init(position: Int = 0, watched: Bool = false) {
        self.position = max(0, position)
        self.watched = watched
    }
}

/// Where watch marks are kept beyond a session: the library's `watch_state` table, so that
/// `--fresh`, another session or another process sees what was watched.
///
///     let marks = try await store.allMarks()
///     try await store.save(["t1": WatchMark(watched: true)])
package protocol WatchStore: Sendable {
    /// Every title's mark the store holds, by title id.
    func allMarks() async throws -> [String: WatchMark]
    /// Writes these marks (a mark with no position and not watched forgets the title's).
    func save(_ marks: [String: WatchMark]) async throws
    /// Every title's playback choice the store holds, by title id.
    func allPlaybackChoices() async throws -> [String: PlaybackChoice]
    /// Writes these choices.
    func save(playbackChoices: [String: PlaybackChoice]) async throws
    /// Marks every episode of a show or a season watched (their positions forgotten), or not
    /// watched any more (their positions kept), in one write.
    func mark(_ group: GroupWatchMark) async throws
}

/// `w` on a show's or a season's row: all its episodes watched, or none.
///
///     GroupWatchMark(group: .season(show: "Night Harbor", 1, episodes: 3), watched: true)
package struct GroupWatchMark: Equatable, Hashable, Sendable, Codable {
    package var group: TitleGroup
    package var watched: Bool

    package init(group: TitleGroup, watched: Bool) {
        self.group = group
        self.watched = watched
    }

    /// The season it marks; nil for a whole show.
    package var season: Int? {
        if case .season(_, let season, _, _) = group { season } else { nil }
    }
}

/// How the user chose to play titles (tracks, subtitle delay, speed), kept beside the watch
/// marks by the same store: the library's `playback_choice` table. A store that keeps none
/// (the default) reads none and drops what it is given.
extension WatchStore {
    package func allPlaybackChoices() async throws -> [String: PlaybackChoice] { [:] }
    package func save(playbackChoices: [String: PlaybackChoice]) async throws {}
}
