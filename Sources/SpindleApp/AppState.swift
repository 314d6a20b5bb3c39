import Browser
import Player
import Terminal

/// Everything the app shows: the browser's list, the player when a title is open, the screen
/// size it is laid out for, and the overlays. The app's reducer is the only thing that changes it.
public struct AppState: Equatable, Sendable {
    public var list: ListState
    /// The open title; nil while the list shows. The list keeps its selection and scroll meanwhile.
    public var player: PlayerState?
    public var size: Size
    public var isHelpShown = false
    public var isQuitting = false

    public init(list: ListState = ListState(), size: Size = Size(rows: 24, columns: 80)) {
        self.list = list
        self.size = size
    }

    /// Whether the screen is too small for the layout (a notice is shown instead).
    public var isTooSmall: Bool { !Layout.fits(size) }
}
