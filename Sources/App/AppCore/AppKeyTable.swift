import SpindleUI
import Synchronization
import Terminal

/// The app's keys as it uses them: every screen's commands, with a configuration's keys in
/// place of their defaults (`rebinding`, by full name: "list.down" → [n]), made once for each
/// combination of what enables them, when it is first asked for (`KeyVariants`). The key map and
/// the footer ask for them on every key and frame, and building them allocates: all of the list's
/// and the player's at start would cost megabytes and milliseconds (2.3 MB and 4 ms for 160 of
/// them, debug build), where a start uses one.
///
///     let keys = AppKeyTable(rebinding: ["list.down": [.character("n")]])
///     keys.sections(for: state).event(for: .character("n"))   // .list(.selectionMoved(.down))
package struct AppKeyTable: Sendable {
    package static let standard = AppKeyTable(rebinding: [:])

    private let listVariants: KeyVariants
    private let playerVariants: KeyVariants
    let searchSections: [AppCommandSection]
    let detailSections: [AppCommandSection]
    let helpOwnSections: [AppCommandSection]
    let resumeSections: [AppCommandSection]
    let downloadsSections: [AppCommandSection]
    let filterSections: [AppCommandSection]
    let trackPickerSections: [AppCommandSection]
    /// The footer's hint lines made so far (`hints(for:width:)`).
    private let hintLines = HintLines(screens: ScreenKeys.count)

    /// The tables with `rebinding`'s keys. Names no command has are ignored (a configuration
    /// checks them first: `AppKeyTable.check`).
    package init(rebinding given: [String: [Key]]) {
        let rebinding = Self.withKeysTaken(by: given)
        func rebound(_ screen: KeyScreen) -> [AppCommandSection] {
            [Self.rebound(screen.section, screen: screen, by: rebinding)]
        }
        listVariants = KeyVariants(count: 256) { bits in
            [Self.rebound(AppKeys.list(hasSelection: bits & 1 != 0, hasFailed: bits & 2 != 0, hasQuery: bits & 4 != 0,
                                       isLibrary: bits & 8 != 0, hasViews: bits & 16 != 0, isOrderable: bits & 32 != 0,
                                       hasSearch: bits & 64 != 0, isGroupSelected: bits & 128 != 0),
                          screen: .list, by: rebinding)]
        }
        playerVariants = KeyVariants(count: 32) { bits in
            [Self.rebound(AppKeys.player(isUpNextShown: bits & 1 != 0, canSkipIntro: bits & 2 != 0, isPromptShown: bits & 4 != 0,
                                         isAtEnd: bits & 8 != 0, canPlay: bits & 16 != 0), screen: .player, by: rebinding),
             Self.rebound(AppKeys.playerTracks(canPlay: bits & 16 != 0), screen: .player, by: rebinding)]
        }
        filterSections = rebound(.filter)
        trackPickerSections = rebound(.tracks)
        searchSections = rebound(.search)
        detailSections = rebound(.details)
        helpOwnSections = rebound(.help)
        resumeSections = rebound(.resume)
        downloadsSections = rebound(.downloads)
    }

    /// `section` with the keys `rebinding` gives its commands, labelled from those keys. A
    /// command given no keys is off: it matches nothing and the help leaves it out.
    static func rebound(_ section: AppCommandSection, screen: KeyScreen, by rebinding: [String: [Key]]) -> AppCommandSection {
        guard !rebinding.isEmpty else { return section }
        var section = section
        for index in section.commands.indices {
            guard let name = section.commands[index].name, let keys = rebinding[screen.rawValue + "." + name] else { continue }
            section.commands[index] = section.commands[index].rebound(to: keys, label: KeyLabel.text(for: keys))
            if keys.isEmpty { section.commands[index].binding.isEnabled = false }
        }
        return section
    }

    /// The keys of what is on screen, innermost first: the help, the track picker, the query
    /// line, the player, the filter picker, the details, the list.
    func sections(for state: AppState) -> [AppCommandSection] {
        shown(for: state).sections
    }

    /// What `sections(for:)` gives, and which of the table's screens it is (`ScreenKeys`).
    private func shown(for state: AppState) -> (sections: [AppCommandSection], id: Int) {
        if state.isHelpShown { return (helpOwnSections, ScreenKeys.help) }
        let screen = screen(for: state)
        return (screen.sections, screen.id)
    }

    /// The keys of the screen under the help.
    func screenSections(for state: AppState) -> [AppCommandSection] {
        screen(for: state).sections
    }

    /// The footer's hint line for the keys of what is on screen (`sections(for:)`), at most
    /// `width` columns, and its width. The footer asks on every frame: each screen's line is made
    /// once for a width and kept, instead of gathering its bindings and measuring their hints
    /// on every key.
    ///
    ///     keys.hints(for: state, width: 79).text   // "/ search  Enter play  ? help  q quit  o downloads"
    func hints(for state: AppState, width: Int) -> KeyHints {
        let shown = shown(for: state)
        return hints(screen: shown.id, shown.sections, width: width)
    }

    /// The downloads screen's hint line, at most `width` columns.
    func downloadsHints(width: Int) -> KeyHints {
        hints(screen: ScreenKeys.downloads, downloadsSections, width: width)
    }

    private func hints(screen: Int, _ sections: [AppCommandSection], width: Int) -> KeyHints {
        hintLines.line(screen: screen, width: width) {
            let text = KeyHelp.shortLine(sections.bindings(), width: width)
            return KeyHints(text: text, width: DisplayText.width(text))
        }
    }

    /// The keys of the screen under the help, whether that screen is the list, and which of
    /// the table's screens it is (`ScreenKeys`).
    private func screen(for state: AppState) -> (sections: [AppCommandSection], isList: Bool, id: Int) {
        if let player = state.player {
            if player.trackPicker != nil { return (trackPickerSections, false, ScreenKeys.trackPicker) }
            let title = player.title
            let hasIntro = title.introEnd > title.introStart
            let bits = Self.variant(player.isUpNextShown, hasIntro && player.isInIntro && !player.isSkippingIntro,
                                    player.isSkipIntroShown || player.isUpNextShown)
                | (player.isAtEnd ? 8 : 0) | (player.media == .ready ? 16 : 0)
            return (playerVariants[bits], false, ScreenKeys.player + bits)
        }
        if state.resumeOffer != nil { return (resumeSections, false, ScreenKeys.resume) }
        if state.filterPicker != nil { return (filterSections, false, ScreenKeys.filter) }
        if state.downloadsScreen != nil { return (downloadsSections, false, ScreenKeys.downloads) }
        if state.list.isSearchOpen { return (searchSections, false, ScreenKeys.search) }
        if state.list.isDetailOpen { return (detailSections, false, ScreenKeys.details) }
        let list = state.list
        let bits = Self.variant(list.selectedTitle != nil, list.hasFailed, !list.query.isEmpty || !list.scopeTrail.isEmpty)
            | (state.scan != nil ? 8 : 0) | (state.hasViews ? 16 : 0) | (state.canOrder && list.isOrderable ? 32 : 0)
            | (!list.query.isEmpty ? 64 : 0) | (list.selectedTitle?.group != nil ? 128 : 0)
        return (listVariants[bits], true, ScreenKeys.list + bits)
    }

    private static func variant(_ first: Bool, _ second: Bool, _ third: Bool) -> Int {
        (first ? 1 : 0) | (second ? 2 : 0) | (third ? 4 : 0)
    }

    /// The help's listing: the keys of the screen under it, then the help's own.
    func helpSections(for state: AppState) -> [AppCommandSection] {
        let (screen, isList, _) = screen(for: state)
        // On the list, the query line's keys too: they cannot be asked for while typing.
        return screen + (isList ? searchSections : []) + helpOwnSections
    }
}

/// Keys as the help shows them: "↑", "PgDn", "Ctrl+D", "Space", joined by spaces.
///
///     KeyLabel.text(for: [.down, .character("n")])   // "↓ n"
enum KeyLabel {
    static func text(for keys: [Key]) -> String {
        keys.map(name).joined(separator: " ")
    }

    static func name(_ key: Key) -> String {
        switch key {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .shiftUp: "Shift+↑"
        case .shiftDown: "Shift+↓"
        case .shiftLeft: "Shift+←"
        case .shiftRight: "Shift+→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .alt(let key): "Alt+" + name(key)
        default: key.name
        }
    }
}

/// One screen's sections for each combination of what enables its commands, each made the first
/// time it is asked for and kept. Shared by the copies of a table (a class), and safe to ask from
/// any thread (the made ones are kept under a lock).
final class KeyVariants: Sendable {
    private let make: @Sendable (Int) -> [AppCommandSection]
    private let made: Mutex<[[AppCommandSection]?]>

    init(count: Int, make: @escaping @Sendable (Int) -> [AppCommandSection]) {
        self.make = make
        made = Mutex(Array(repeating: nil, count: count))
    }

    subscript(bits: Int) -> [AppCommandSection] {
        if let sections = made.withLock({ $0[bits] }) { return sections }
        // Made outside the lock: two threads asking at once both make it, and keep the same.
        let sections = make(bits)
        made.withLock { $0[bits] = sections }
        return sections
    }
}

/// A footer's hint line and its width in columns.
struct KeyHints: Equatable, Sendable {
    let text: String
    let width: Int
}

/// Numbers for the screens of an `AppKeyTable`, each variant its own: where `HintLines` keeps
/// their hint lines.
enum ScreenKeys {
    static let list = 0            // + the list's 256 variants
    static let player = 256        // + the player's 32
    static let trackPicker = 288
    static let resume = 289
    static let filter = 290
    static let downloads = 291
    static let search = 292
    static let details = 293
    static let help = 294
    static let count = 295
}

/// The footer hint line last made for each screen, with the width it was made for: a screen
/// shown again at that width gets it back without making it again. Shared by the copies of a
/// table (a class), and safe from any thread.
final class HintLines: Sendable {
    private let made: Mutex<[(width: Int, hints: KeyHints)?]>

    init(screens: Int) {
        made = Mutex(Array(repeating: nil, count: screens))
    }

    func line(screen: Int, width: Int, make: () -> KeyHints) -> KeyHints {
        if let kept = made.withLock({ $0[screen] }), kept.width == width { return kept.hints }
        let hints = make()
        made.withLock { $0[screen] = (width, hints) }
        return hints
    }
}
