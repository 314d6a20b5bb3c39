import Browser
import Downloads
import Catalog
import Player
import SpindleUI
import Terminal

/// Everything the app shows: the browser's list, the player when a title is open, the screen
/// size it is laid out for, the query line's text and the help. The app's reducer is the only
/// thing that changes it.
public struct AppState: Equatable, Sendable, Codable {
    /// The catalog list: loaded titles, query, selection and scroll.
    public var list: ListState
    /// The open title; nil while the list shows. The list keeps its selection and scroll meanwhile.
    public var player: PlayerState?
    /// The screen size the layout is for (`resized` events change it).
    public var size: Size
    /// The query line's text and cursor; the list filters on its text (see `ListState.query`).
    public var searchInput = TextInput(prompt: "Search: ", maximumLength: AppState.maximumQueryLength)
    /// The longest query the search line takes (a paste longer than that is cut): every key
    /// filters on the whole query, and nobody searches a title by more.
    public static let maximumQueryLength = 200
    /// Whether the help (`?`) is over the screen.
    public var isHelpShown = false
    /// The first line of the help shown, when it does not fit.
    public var helpOffset = 0
    /// Set by a quit: the app ends after drawing this state (a resumed session clears it).
    public var isQuitting = false
    /// The library's scan (nil unless the app browses a scanned library).
    public var scan: ScanStatus?
    /// Counts the rescans asked for: the scanning feedback scans again when it changes.
    public var scanGeneration: Int {
        get { rescans ?? 0 }
        set { rescans = newValue }
    }
    /// Stored as optional, so that sessions saved before the library decode.
    private var rescans: Int?
    /// Where the user stopped each title they left before its end, in seconds by title id
    /// ("continue watching"): a mark in the list, and an offer to resume when played again.
    public var positions: [String: Int] = [:]
    /// The offer shown when a title with a saved position is played: resume there, or start over.
    public var resumeOffer: ResumeOffer?
    /// The title whose player was open when the user quit: a resumed session opens it again,
    /// paused where it was.
    public var titleOpenAtQuit: Title?
    /// The volume and mute the user chose in a player, kept for the titles played after it;
    /// nil until they choose (the engine's own volume then applies).
    public var chosenVolume: Int?
    public var chosenMute: Bool?
    /// What the app knows of the downloads, from the downloads spin's gear only.
    public var downloads: DownloadsBoard {
        get { downloadsBoard ?? DownloadsBoard() }
        set { downloadsBoard = newValue }
    }
    /// Optional-backed, so that sessions saved before downloads decode.
    private var downloadsBoard: DownloadsBoard?
    /// The downloads screen (`o`), nil while it is closed.
    public var downloadsScreen: DownloadsScreenState?
    /// What the user asked of the downloads spin, for the feedback that tells it.
    public var downloadRequests: DownloadRequests {
        get { outbox ?? DownloadRequests() }
        set { outbox = newValue }
    }
    private var outbox: DownloadRequests?
    /// A download's notice ("already downloading"), shown in the footer until the next key.
    public var downloadNotice: String?

    /// A fresh app on `list`, laid out for `size`.
    ///
    ///     let state = AppState(list: ListState(pageSize: 50), size: screen.size)
    public init(list: ListState = ListState(), size: Size = Size(rows: 24, columns: 80)) {
        self.list = list
        self.size = size
    }

    /// Whether the screen is too small for the layout (a notice is shown instead).
    public var isTooSmall: Bool { !Layout.fits(size) }
}
