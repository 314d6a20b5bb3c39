import Browser
import Terminal

/// What can happen to the app, as facts.
public enum AppEvent: Equatable, Sendable {
    case list(ListEvent)
    case resized(Size)
    case helpToggled
    case quitRequested
}
