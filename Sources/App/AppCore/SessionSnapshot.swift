#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Browser
import Catalog
import Downloads
import JSON
import Player
import SpindleUI
import Terminal

/// How a session keeps `AppState`: the whole state as one JSON object under a `version`, every
/// field written. A session written by an earlier version is read as a tree, taken through the
/// migrations from its version to this one, and then decoded as the state is today; a later
/// version's is refused, so the app starts afresh and moves it aside rather than misread it.
///
///     {"version": 2, "list": {…}, "size": {…}, "positions": {…}, …}
///
/// Adding a field to `AppState` or `ListState`: write it in `AppState.encode(to:)` (for a field
/// of the app), raise `version`, and add a migration that gives older trees the field's
/// starting value, with a fixture written by the version before (Tests/App/AppCoreTests/Fixtures).
/// A field that is not saved (`hasArt`, `detailArt`: each start says whether it draws pictures,
/// and they are made again from the cache) is left out of both and starts at its default.
package enum SessionSnapshot {
    /// The version this app writes.
    package static let version = 5

    /// The steps from each earlier version: `migrations[v - 1]` takes a tree of version `v` to
    /// version `v + 1`.
    static let migrations: [@Sendable (inout [String: JSONValue]) throws -> Void] = [fromVersion1, fromVersion2, fromVersion3, fromVersion4]

    /// Why a saved state cannot be read by this app.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// `state`, written by version `version`, as this version writes it.
    static func migrated(_ state: [String: JSONValue], from version: Int) throws -> [String: JSONValue] {
        guard version >= 1 else { throw Unreadable(description: "its version, \(version), is not one the app wrote") }
        guard version <= Self.version else {
            throw Unreadable(description: "it was written by a later spindle (version \(version); this one reads up to \(Self.version))")
        }
        var tree = state
        for step in migrations[(version - 1)...] { try step(&tree) }
        tree["version"] = .integer(Self.version)
        return tree
    }

    /// Version 1 wrote no version, and left out each field below while it had its starting
    /// value (under the name in the first column), and a player's fields that titles playing for
    /// real added. Version 2 writes every field under its own name.
    static func fromVersion1(_ state: inout [String: JSONValue]) throws {
        try rename(&state, [
            ("rescans", "scanGeneration", .integer(0)),
            ("watchedTitles", "watched", .array([])),
            ("watchOutbox", "watchWrites", encoded(WatchWrites())),
            ("groupOutbox", "groupWatchWrites", encoded(TitleWrites<GroupWatchMark>())),
            ("watchMarksWanted", "wantsWatchMarks", .bool(false)),
            ("watchMarksRefresh", "isRefreshingWatchMarks", .bool(false)),
            ("watchStoreKnown", "hasWatchStore", .bool(false)),
            ("choices", "playbackChoices", .object([:])),
            ("choiceOutbox", "playbackChoiceWrites", encoded(PlaybackChoiceWrites())),
            ("choicesWanted", "wantsPlaybackChoices", .bool(false)),
            ("mediaFacts", "knownMedia", .array([])),
            ("downloadsBoard", "downloads", encoded(DownloadsBoard())),
            ("outbox", "downloadRequests", encoded(DownloadRequests())),
            ("asksUpNext", "upNextAsksTheCatalog", .bool(false)),
            ("views", "hasViews", .bool(false)),
            ("orders", "canOrder", .bool(false)),
        ])
        guard case .object(var list)? = state["list"] else { throw Unreadable(description: "it has no list") }
        try rename(&list, [
            ("storedFirstIndex", "firstIndex", .integer(0)),
            ("earlierRequested", "isEarlierPageRequested", .bool(false)),
            ("refreshes", "refreshCount", .integer(0)),
            ("refreshDue", "isRefreshDue", .bool(false)),
            ("storedScope", "scope", encoded(ListScope.all)),
            ("trail", "scopeTrail", .array([])),
            ("storedOrder", "order", encoded(ListOrder.title)),
            ("storedFilter", "filter", encoded(ListFilter())),
        ])
        state["list"] = .object(list)
        // A player of version 1 may also lack what titles that play for real added.
        if case .object(var player)? = state["player"] {
            let starts: [(String, JSONValue)] = [
                ("media", try encoded(MediaState.ready)), ("volume", .integer(100)), ("isMuted", .bool(false)),
                ("keepsVolume", .bool(false)), ("tracks", .array([])), ("playback", try encoded(PlaybackChoice())),
                ("keepsPlayback", .bool(false)),
            ]
            for (field, start) in starts where player[field] == nil { player[field] = start }
            state["player"] = .object(player)
        }
    }

    /// Version 3 added the grid (`showsPosters`): a session of version 2 shows rows.
    static func fromVersion2(_ state: inout [String: JSONValue]) throws {
        guard state["showsPosters"] == nil else { throw Unreadable(description: "it has a grid before version 3 had one") }
        state["showsPosters"] = .bool(false)
    }

    /// Version 4 writes the list's titles as blocks (`TitleBlock`, one string a page) where
    /// version 3 wrote an array of objects a page: both are read, so the tree stays as it is.
    static func fromVersion3(_ state: inout [String: JSONValue]) throws {}

    /// Version 5 lets go of pages far from the selection: the list has its bound
    /// (`maximumLoaded`) and each loaded page its ends (`pageEnds`). A list of version 4 knows
    /// none of its pages' ends, so none is let go of, but the first page of a list read from its
    /// start is read again from there.
    static func fromVersion4(_ state: inout [String: JSONValue]) throws {
        guard case .object(var list)? = state["list"] else { throw Unreadable(description: "it has no list") }
        // The titles' chunks; a list without is refused when it is decoded.
        let chunks: [JSONValue] = if case .array(let chunks)? = list["items"] { chunks } else { [] }
        guard list["maximumLoaded"] == nil, list["pageEnds"] == nil else {
            throw Unreadable(description: "it has a bound on its titles before version 5 had one")
        }
        list["maximumLoaded"] = .integer(ListState.defaultMaximumLoaded)
        let readFromStart = list["previousCursor"] == nil || list["previousCursor"] == .null
        list["pageEnds"] = .array(try chunks.indices.map { try encoded($0 == 0 && readFromStart ? PageEnds(start: .start) : PageEnds()) })
        state["list"] = .object(list)
    }

    /// Moves each field from its old name to its new one, or gives it its starting value.
    static func rename(_ object: inout [String: JSONValue], _ fields: [(old: String, new: String, start: JSONValue)]) throws {
        for field in fields {
            guard object[field.new] == nil else {
                throw Unreadable(description: "it has both \(field.old) and \(field.new)")
            }
            object[field.new] = object.removeValue(forKey: field.old) ?? field.start
        }
    }

    /// `value` as its JSON tree.
    static func encoded(_ value: some Encodable) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }
}

extension AppState: Codable {
    enum CodingKeys: String, CodingKey {
        case version
        case list, player, size, searchInput, isHelpShown, helpOffset, isQuitting, scan, server, scanGeneration
        case positions, watched, watchWrites, groupWatchWrites, wantsWatchMarks, isRefreshingWatchMarks
        case hasWatchStore, playbackChoices, playbackChoiceWrites, wantsPlaybackChoices, knownMedia
        case resumeOffer, titleOpenAtQuit, chosenVolume, chosenMute, downloads, downloadsScreen
        case downloadRequests, downloadNotice, upNextAsksTheCatalog, hasViews, canOrder, filterPicker, showsPosters
    }

    /// Reads a state of this version, or of an earlier one through its migrations.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Version 1 wrote no version.
        let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version == SessionSnapshot.version else {
            guard case .object(let tree) = try JSONValue(from: decoder) else {
                throw SessionSnapshot.Unreadable(description: "it is not a JSON object")
            }
            let migrated = try SessionSnapshot.migrated(tree, from: version)
            self = try JSONDecoder().decode(AppState.self, from: JSONEncoder().encode(JSONValue.object(migrated)))
            return
        }
        list = try container.decode(ListState.self, forKey: .list)
        player = try container.decodeIfPresent(PlayerState.self, forKey: .player)
        size = try container.decode(Size.self, forKey: .size)
        searchInput = try container.decode(TextInput.self, forKey: .searchInput)
        isHelpShown = try container.decode(Bool.self, forKey: .isHelpShown)
        helpOffset = try container.decode(Int.self, forKey: .helpOffset)
        isQuitting = try container.decode(Bool.self, forKey: .isQuitting)
        scan = try container.decodeIfPresent(ScanStatus.self, forKey: .scan)
        server = try container.decodeIfPresent(String.self, forKey: .server)
        scanGeneration = try container.decode(Int.self, forKey: .scanGeneration)
        positions = try container.decode([String: Int].self, forKey: .positions)
        watched = try container.decode(Set<String>.self, forKey: .watched)
        watchWrites = try container.decode(WatchWrites.self, forKey: .watchWrites)
        groupWatchWrites = try container.decode(TitleWrites<GroupWatchMark>.self, forKey: .groupWatchWrites)
        wantsWatchMarks = try container.decode(Bool.self, forKey: .wantsWatchMarks)
        isRefreshingWatchMarks = try container.decode(Bool.self, forKey: .isRefreshingWatchMarks)
        hasWatchStore = try container.decode(Bool.self, forKey: .hasWatchStore)
        playbackChoices = try container.decode([String: PlaybackChoice].self, forKey: .playbackChoices)
        playbackChoiceWrites = try container.decode(PlaybackChoiceWrites.self, forKey: .playbackChoiceWrites)
        wantsPlaybackChoices = try container.decode(Bool.self, forKey: .wantsPlaybackChoices)
        knownMedia = try container.decode([KnownMedia].self, forKey: .knownMedia)
        resumeOffer = try container.decodeIfPresent(ResumeOffer.self, forKey: .resumeOffer)
        titleOpenAtQuit = try container.decodeIfPresent(Title.self, forKey: .titleOpenAtQuit)
        chosenVolume = try container.decodeIfPresent(Int.self, forKey: .chosenVolume)
        chosenMute = try container.decodeIfPresent(Bool.self, forKey: .chosenMute)
        downloads = try container.decode(DownloadsBoard.self, forKey: .downloads)
        downloadsScreen = try container.decodeIfPresent(DownloadsScreenState.self, forKey: .downloadsScreen)
        downloadRequests = try container.decode(DownloadRequests.self, forKey: .downloadRequests)
        downloadNotice = try container.decodeIfPresent(String.self, forKey: .downloadNotice)
        upNextAsksTheCatalog = try container.decode(Bool.self, forKey: .upNextAsksTheCatalog)
        hasViews = try container.decode(Bool.self, forKey: .hasViews)
        canOrder = try container.decode(Bool.self, forKey: .canOrder)
        filterPicker = try container.decodeIfPresent(FilterPicker.self, forKey: .filterPicker)
        showsPosters = try container.decode(Bool.self, forKey: .showsPosters)
    }

    /// Writes the state whole, under this version.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(SessionSnapshot.version, forKey: .version)
        try container.encode(list, forKey: .list)
        try container.encodeIfPresent(player, forKey: .player)
        try container.encode(size, forKey: .size)
        try container.encode(searchInput, forKey: .searchInput)
        try container.encode(isHelpShown, forKey: .isHelpShown)
        try container.encode(helpOffset, forKey: .helpOffset)
        try container.encode(isQuitting, forKey: .isQuitting)
        try container.encodeIfPresent(scan, forKey: .scan)
        try container.encodeIfPresent(server, forKey: .server)
        try container.encode(scanGeneration, forKey: .scanGeneration)
        try container.encode(positions, forKey: .positions)
        try container.encode(watched, forKey: .watched)
        try container.encode(watchWrites, forKey: .watchWrites)
        try container.encode(groupWatchWrites, forKey: .groupWatchWrites)
        try container.encode(wantsWatchMarks, forKey: .wantsWatchMarks)
        try container.encode(isRefreshingWatchMarks, forKey: .isRefreshingWatchMarks)
        try container.encode(hasWatchStore, forKey: .hasWatchStore)
        try container.encode(playbackChoices, forKey: .playbackChoices)
        try container.encode(playbackChoiceWrites, forKey: .playbackChoiceWrites)
        try container.encode(wantsPlaybackChoices, forKey: .wantsPlaybackChoices)
        try container.encode(knownMedia, forKey: .knownMedia)
        try container.encodeIfPresent(resumeOffer, forKey: .resumeOffer)
        try container.encodeIfPresent(titleOpenAtQuit, forKey: .titleOpenAtQuit)
        try container.encodeIfPresent(chosenVolume, forKey: .chosenVolume)
        try container.encodeIfPresent(chosenMute, forKey: .chosenMute)
        try container.encode(downloads, forKey: .downloads)
        try container.encodeIfPresent(downloadsScreen, forKey: .downloadsScreen)
        try container.encode(downloadRequests, forKey: .downloadRequests)
        try container.encodeIfPresent(downloadNotice, forKey: .downloadNotice)
        try container.encode(upNextAsksTheCatalog, forKey: .upNextAsksTheCatalog)
        try container.encode(hasViews, forKey: .hasViews)
        try container.encode(canOrder, forKey: .canOrder)
        try container.encodeIfPresent(filterPicker, forKey: .filterPicker)
        try container.encode(showsPosters, forKey: .showsPosters)
    }
}
