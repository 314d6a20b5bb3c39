import Browser
import Player
import Terminal

/// Which event a key means, given what is on screen: the first enabled binding of the
/// innermost screen (`AppKeyTable.sections(for:)`, the configuration's keys) that the key triggers. A resize always lays the
/// screen out again. On the query line any other key is text; in the player any other key
/// shows the HUD. A key other than a resize also dismisses a download's notice, if one shows
/// (`.downloadNoticeDismissed(then:)` carries the key's meaning).
///
/// It is the app view's key map: it runs when the key's turn comes in the spin, against the
/// state the key is reduced on (a q read after an Esc sees the Esc's state).
package enum KeyMap {
    package static func event(for key: Key, in state: AppState, keys: AppKeyTable = .standard) -> AppEvent? {
        let meaning = meaning(of: key, in: state, keys: keys)
        if state.downloadNotice != nil {
            if case .resize = key { return meaning }
            return .downloadNoticeDismissed(then: meaning)
        }
        return meaning
    }

    static func meaning(of key: Key, in state: AppState, keys: AppKeyTable) -> AppEvent? {
        if case .resize(let size) = key { return .resized(size) }
        let isDownloadsShown = state.downloadsScreen != nil && state.player == nil && state.resumeOffer == nil
        if state.filterPicker != nil, !state.isHelpShown {
            // The picker takes its keys; the mouse and pastes do nothing under it.
            if case .mouse = key { return nil }
            if case .paste = key { return nil }
        }
        if case .mouse(let mouse) = key {
            // The downloads screen takes the wheel; the list under it takes nothing.
            if isDownloadsShown && !state.isHelpShown {
                switch mouse.action {
                case .wheelUp: return .downloadsMoved(by: -1)
                case .wheelDown: return .downloadsMoved(by: 1)
                default: return nil
                }
            }
            return MouseMap.event(for: mouse, in: state)
        }
        if case .paste(let text) = key {
            if isDownloadsShown { return nil }
            // Text, never commands: into the query line (opened on the list), else nowhere.
            if state.isHelpShown || state.player != nil || state.list.isDetailOpen { return nil }
            return state.list.isSearchOpen ? .searchKeyPressed(key) : .searchPasted(text)
        }
        if let event = keys.sections(for: state).event(for: key) { return event }
        if state.isHelpShown { return nil }
        if state.player != nil { return key == .control("c") ? .quitRequested : .player(.interacted) }
        // Only characters are typed: an editing key the configuration moved elsewhere does nothing.
        if state.list.isSearchOpen, case .character = key { return .searchKeyPressed(key) }
        return key == .control("c") ? .quitRequested : nil
    }
}
