import Browser
import Player
import Terminal

/// Which event a key means, given what is on screen: the first enabled binding of the
/// innermost screen (`AppKeys.sections(for:)`) that the key triggers. A resize always lays the
/// screen out again. On the query line any other key is text; in the player any other key
/// shows the HUD.
public enum KeyMap {
    public static func event(for key: Key, in state: AppState) -> AppEvent? {
        if case .resize(let size) = key { return .resized(size) }
        if case .mouse(let mouse) = key { return MouseMap.event(for: mouse, in: state) }
        if case .paste(let text) = key {
            // Text, never commands: into the query line (opened on the list), else nowhere.
            if state.isHelpShown || state.player != nil || state.list.isDetailOpen { return nil }
            return state.list.isSearchOpen ? .searchKeyPressed(key) : .searchPasted(text)
        }
        if let event = AppKeys.sections(for: state).event(for: key) { return event }
        if state.isHelpShown { return nil }
        if state.player != nil { return key == .control("c") ? .quitRequested : .player(.interacted) }
        if state.list.isSearchOpen { return .searchKeyPressed(key) }
        return key == .control("c") ? .quitRequested : nil
    }
}
