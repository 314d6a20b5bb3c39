import Browser
import Player
import Terminal

/// What can happen to the app, as facts.
public enum AppEvent: Equatable, Sendable {
    case list(ListEvent)
    case player(PlayerEvent)
    /// Enter on the list: the selected title starts playing.
    case playerOpened
    case resized(Size)
    case helpToggled
    case quitRequested
}
