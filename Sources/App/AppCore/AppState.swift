import Browser
import Downloads
import Catalog
import Player
import SpindleUI
import Terminal

/// Everything the app shows: the browser's list, the player when a title is open, the screen
/// size it is laid out for, the query line's text and the help. The app's reducer is the only
/// thing that changes it.
package struct AppState: Equatable, Sendable {
    /// The catalog list: loaded titles, query, selection and scroll.
    package var list: ListState
    /// The open title; nil while the list shows. The list keeps its selection and scroll meanwhile.
    package var player: PlayerState?
    /// The screen size the layout is for (`resized` events change it).
    package var size: Size
    /// The query line's text and cursor; the list filters on its text (see `ListState.query`).
    package var searchInput = TextInput(prompt: "Search: ", maximumLength: AppState.maximumQueryLength)
    /// The longest query the search line takes (a paste longer than that is cut): every key
    /// filters on the whole query, and nobody searches a title by more.
    package static let maximumQueryLength = 200
    /// Whether the help (`?`) is over the screen.
    package var isHelpShown = false
    /// The first line of the help shown, when it does not fit.
    package var helpOffset = 0
    /// Set by a quit: the app ends after drawing this state (a resumed session clears it).
    package var isQuitting = false
    /// The library's scan (nil unless the app browses a scanned library).
    package var scan: ScanStatus?
    /// The server the app is a client of, as "host:port", named in the header; nil for a
    /// library or a catalog of this machine.
    package var server: String?
    /// Counts the rescans asked for: the scanning feedback scans again when it changes.
    package var scanGeneration = 0
    /// Where the user stopped each title they left before its end, in seconds by title id
    /// ("continue watching"): a mark in the list, and an offer to resume when played again.
    package var positions: [String: Int] = [:]
    /// The titles watched to their credits (✓), by id.
    package var watched: Set<String> = []
    /// What the reducer changed of `positions` and `watched`, for the library to keep.
    package var watchWrites = WatchWrites()
    /// The shows and seasons whose episodes `w` marked, for the library to keep (by row id).
    package var groupWatchWrites: TitleWrites<GroupWatchMark> = TitleWrites()
    /// Whether the library's watch marks are still to be read (set when the app has a
    /// `WatchStore`; `watchMarksLoaded` clears it).
    package var wantsWatchMarks = false
    /// Whether the marks asked for are a reading again after a change elsewhere (another
    /// client, another process): they join the session's without sending its own back.
    package var isRefreshingWatchMarks = false
    /// Whether the app keeps watch marks in a store (a library, a server), which can be read again.
    package var hasWatchStore = false
    /// How the user chose to play each title (tracks, subtitle delay, speed), by title id:
    /// applied when it plays again. The library keeps them too (`playbackChoiceWrites`).
    package var playbackChoices: [String: PlaybackChoice] = [:]
    /// What the reducer changed of `playbackChoices`, for the library to keep.
    package var playbackChoiceWrites = PlaybackChoiceWrites()
    /// Whether the library's playback choices are still to be read (set when the app has a
    /// `WatchStore`; `playbackChoicesLoaded` clears it).
    package var wantsPlaybackChoices = false
    /// What the engine told of the media of the titles played last (tracks, picture and file
    /// size), the oldest first, at most `KnownMedia.limit`: the details pane shows it.
    package var knownMedia: [KnownMedia] = []
    /// What the engine told of the media of title `id` when it last played.
    package func knownMedia(of id: String) -> KnownMedia? { knownMedia.last { $0.id == id } }
    /// The offer shown when a title with a saved position is played: resume there, or start over.
    package var resumeOffer: ResumeOffer?
    /// The title whose player was open when the user quit: a resumed session opens it again,
    /// paused where it was.
    package var titleOpenAtQuit: Title?
    /// The volume and mute the user chose in a player, kept for the titles played after it;
    /// nil until they choose (the engine's own volume then applies).
    package var chosenVolume: Int?
    package var chosenMute: Bool?
    /// What the app knows of the downloads, from the downloads spin's gear only.
    package var downloads = DownloadsBoard()
    /// The downloads screen (`o`), nil while it is closed.
    package var downloadsScreen: DownloadsScreenState?
    /// What the user asked of the downloads spin, for the feedback that tells it.
    package var downloadRequests = DownloadRequests()
    /// A download's notice ("already downloading"), shown in the footer until the next key.
    package var downloadNotice: String?
    /// Whether up next is asked of the catalog even when the list has the next title loaded
    /// (`PageProvider.upNextIsTheListsNext` is false: a library's up next stays within a show).
    package var upNextAsksTheCatalog = false
    /// Whether the catalog has views (films, shows: `PageProvider.hasScopes`), which keys offer.
    package var hasViews = false
    /// Whether the catalog orders and filters its views (`PageProvider.canOrder`): `s` and `f`.
    package var canOrder = false
    /// The filter picker (`f`), nil while closed.
    package var filterPicker: FilterPicker?
    /// Whether the app draws titles' pictures (`AppPreferences.art`): the details pane asks the
    /// library for them (`artRequest`). Not saved: each start says.
    package var hasArt = false
    /// The picture of the title the details pane shows, or showed last. Not saved.
    package var detailArt: DetailArt?
    /// Whether the list shows as a grid of posters (`v`), where the screen has room for one.
    package var showsPosters = false
    /// The grid's cards' pictures. Not saved.
    package var cardArt = ArtShelf()
    /// The seek preview's last picture, of the title playing (`seekPreviewImage`). Not saved.
    package var seekPreviewArt: SeekPreviewArt?

    /// A fresh app on `list`, laid out for `size`.
    ///
    ///     let state = AppState(list: ListState(pageSize: 50), size: screen.size)
    package init(list: ListState = ListState(), size: Size = Size(rows: 24, columns: 80)) {
        self.list = list
        self.size = size
    }

    /// Whether the screen is too small for the layout (a notice is shown instead).
    package var isTooSmall: Bool { !Layout.fits(size) }

    /// The grid the list shows as, or nil for rows: posters for films and shows, thumbnails for
    /// Home and a season's episodes.
    package var gridLayout: GridLayout? {
        guard showsPosters, !isTooSmall else { return nil }
        return Layout.grid(for: size, kind: list.cardKind)
    }

    /// Where the selected row's thumbnail shows beside Home's rows (`Layout.homePicture`): on
    /// Home as rows (not cards), without a search, when pictures are drawn and the screen has
    /// room; nil otherwise.
    package var homePicture: Rect? {
        guard hasArt, !showsPosters, list.scope == .home, list.query.isEmpty, !list.isDetailOpen, player == nil,
              !isTooSmall else { return nil }
        return Layout.homePicture(for: size)
    }

    /// The rows the list has on screen and the titles a row holds, for the screen's size and
    /// the grid or the rows.
    package var listLayout: (rows: Int, columns: Int) {
        if let grid = gridLayout { return (grid.rows, grid.columns) }
        return (Layout.listRows(for: size), 1)
    }

    /// The cards' pictures to make now: of the titles on screen without one, the first few
    /// (made a few at a time, so the first cards show first), the selected one first.
    package var cardArtRequests: Set<ArtRequest> {
        if homePicture != nil { return homeArtRequests }
        guard hasArt, player == nil, list.detail == nil, let grid = gridLayout else { return [] }
        var wanted = Set<ArtRequest>()
        let visible = list.visibleRange
        let order = visible.contains(list.selection) ? [list.selection] + visible.filter { $0 != list.selection } : Array(visible)
        for index in order where !cardArt.has(list.items[index].id, kind: grid.kind) {
            guard let request = ArtRequest.card(for: list.items[index], kind: grid.kind) else { continue }
            wanted.insert(request)
            if wanted.count == Self.cardArtAtOnce { break }
        }
        return wanted
    }

    /// Whether the terminal should report the pointer's every move: only while the player's
    /// HUD shows over ready media (the pointer on the bar previews there), since each move is
    /// bytes to read and a wake-up.
    package var tracksMouseMotion: Bool {
        guard let player, player.exit == nil, player.media == .ready, player.isHUDVisible, !isTooSmall, !isHelpShown else { return false }
        return true
    }

    /// Beside Home's rows: the selected row's thumbnail, then the rows next to it (the next
    /// one's shows at once on ↓), those not made yet.
    private var homeArtRequests: Set<ArtRequest> {
        var wanted = Set<ArtRequest>()
        for index in [list.selection, list.selection + 1, list.selection - 1] where list.items.indices.contains(index) {
            let title = list.items[index]
            guard !cardArt.has(title.id, kind: .thumbnail), let request = ArtRequest.card(for: title, kind: .thumbnail) else { continue }
            wanted.insert(request)
        }
        return wanted
    }

    /// How many cards' pictures are made at once.
    package static let cardArtAtOnce = 3
}
