import Catalog

/// Why a player is done. Once set, the player ignores every event and asks for no effect; the
/// host (the app) closes it and does what it says.
package enum PlayerExit: Equatable, Sendable, Codable {
    /// Esc or q: back to the list, as it was.
    case backToList
    /// Ctrl+C: quit the app.
    case quit
    /// The up-next countdown reached zero, or the user accepted it: open this title.
    case playNext(Title)
}
