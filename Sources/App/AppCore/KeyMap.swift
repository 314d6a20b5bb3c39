import Browser
import Player
import Terminal

/// Which event an input means, given what is on screen: for a key, the first enabled binding of
/// the innermost screen (`AppKeyTable.sections(for:)`, the configuration's keys) that the key
/// triggers. A resize always lays the screen out again. On the query line any other key is text;
/// in the player any other key shows the HUD. An input other than a resize also dismisses a
/// download's notice, if one shows (`.downloadNoticeDismissed(then:)` carries the input's
/// meaning).
///
/// It is the app view's key map: it runs when the key's turn comes in the spin, against the
/// state the key is reduced on (a q read after an Esc sees the Esc's state).
package enum KeyMap {
    package static func event(for input: InputEvent, in state: AppState, keys: AppKeyTable = .standard) -> AppEvent? {
        let meaning = meaning(of: input, in: state, keys: keys)
        if state.downloadNotice != nil {
            if case .resize = input { return meaning }
            return .downloadNoticeDismissed(then: meaning)
        }
        return meaning
    }

    static func meaning(of input: InputEvent, in state: AppState, keys: AppKeyTable) -> AppEvent? {
        let key: Key
        switch input {
        case .key(let pressed): key = pressed
        case .resize(let size): return .resized(size)
        case .mouse(let mouse): return meaning(of: mouse, in: state)
        case .paste(let text): return meaning(ofPaste: text, in: state)
        }
        if let command = keys.sections(for: state).command(for: key) { return command.event(key) }
        if state.isHelpShown { return nil }
        if state.player != nil { return key == .control("c") ? .quitRequested : .player(.interacted) }
        // Only characters are typed: an editing key the configuration moved elsewhere does nothing.
        if state.list.isSearchOpen, case .character = key { return .searchKeyPressed(input) }
        return key == .control("c") ? .quitRequested : nil
    }

    static func isDownloadsShown(_ state: AppState) -> Bool {
        state.downloadsScreen != nil && state.player == nil && state.resumeOffer == nil
    }

    /// The picker takes its keys; the mouse does nothing under it. The downloads screen takes
    /// the wheel; the list under it takes nothing.
    static func meaning(of mouse: MouseEvent, in state: AppState) -> AppEvent? {
        if state.filterPicker != nil, !state.isHelpShown { return nil }
        guard isDownloadsShown(state), !state.isHelpShown else { return MouseMap.event(for: mouse, in: state) }
        switch mouse.action {
        case .wheelUp: return .downloadsMoved(by: -1)
        case .wheelDown: return .downloadsMoved(by: 1)
        default: return nil
        }
    }

    /// Text, never commands: into the query line (opened on the list), else nowhere. The picker
    /// takes its keys; a paste does nothing under it.
    static func meaning(ofPaste text: String, in state: AppState) -> AppEvent? {
        if state.filterPicker != nil, !state.isHelpShown { return nil }
        if isDownloadsShown(state) { return nil }
        if state.isHelpShown || state.player != nil || state.list.isDetailOpen { return nil }
        return state.list.isSearchOpen ? .searchKeyPressed(.paste(text)) : .searchPasted(text)
    }
}
