import Player
import SpindleUI
import Synchronization
import Terminal

/// The app's keys as it uses them: every screen's commands, with a configuration's keys in
/// place of their defaults (`rebinding`, by full name: "list.down" → [n]), made once for each
/// context that enables them (`ListKeyContext`, `PlayerKeyContext`), when it is first met
/// (`KeyVariants`). The key map and
/// the footer ask for them on every key and frame, and building them allocates: all of the list's
/// and the player's at start would cost megabytes and milliseconds (2.3 MB and 4 ms for 160 of
/// them, debug build), where a start uses one.
///
///     let keys = AppKeyTable(rebinding: ["list.down": [.character("n")]])
///     keys.sections(for: state).event(for: .character("n"))   // .list(.selectionMoved(.down))
package struct AppKeyTable: Sendable {
    package static let standard = AppKeyTable(rebinding: [:])

    private let listVariants: KeyVariants<ListKeyContext>
    private let playerVariants: KeyVariants<PlayerKeyContext>
    let searchSections: [AppCommandSection]
    let detailSections: [AppCommandSection]
    let helpOwnSections: [AppCommandSection]
    let resumeSections: [AppCommandSection]
    let downloadsSections: [AppCommandSection]
    let filterSections: [AppCommandSection]
    let trackPickerSections: [AppCommandSection]
    /// The footer's hint lines made so far (`hints(for:width:)`).
    private let hintLines = HintLines()

    /// The tables with `rebinding`'s keys. Names no command has are ignored (a configuration
    /// checks them first: `AppKeyTable.check`).
    package init(rebinding given: [String: [Key]]) {
        let rebinding = Self.withKeysTaken(by: given)
        func rebound(_ screen: KeyScreen) -> [AppCommandSection] {
            [Self.rebound(screen.section, screen: screen, by: rebinding)]
        }
        listVariants = KeyVariants { context in
            [Self.rebound(AppKeys.list(hasSelection: context.hasSelection, hasFailed: context.hasFailed,
                                       hasQuery: context.hasQuery, isLibrary: context.isLibrary, hasViews: context.hasViews,
                                       isOrderable: context.isOrderable, hasSearch: context.hasSearch,
                                       isGroupSelected: context.isGroupSelected, isGrid: context.isGrid),
                          screen: .list, by: rebinding)]
        }
        playerVariants = KeyVariants { context in
            [Self.rebound(AppKeys.player(isUpNextShown: context.isUpNextShown, canSkipIntro: context.canSkipIntro,
                                         isPromptShown: context.isPromptShown, isAtEnd: context.isAtEnd,
                                         canPlay: context.canPlay), screen: .player, by: rebinding),
             Self.rebound(AppKeys.playerTracks(canPlay: context.canPlay), screen: .player, by: rebinding)]
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

    /// What `sections(for:)` gives, and which of the table's screens it is.
    private func shown(for state: AppState) -> (sections: [AppCommandSection], id: KeyScreenID) {
        if state.isHelpShown { return (helpOwnSections, .help) }
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
        hints(screen: .downloads, downloadsSections, width: width)
    }

    private func hints(screen: KeyScreenID, _ sections: [AppCommandSection], width: Int) -> KeyHints {
        hintLines.line(screen: screen, width: width) {
            let text = KeyHelp.shortLine(sections.bindings(), width: width)
            return KeyHints(text: text, width: DisplayText.width(text))
        }
    }

    /// The keys of the screen under the help, whether that screen is the list, and which of
    /// the table's screens it is.
    private func screen(for state: AppState) -> (sections: [AppCommandSection], isList: Bool, id: KeyScreenID) {
        if let player = state.player {
            if player.trackPicker != nil { return (trackPickerSections, false, .trackPicker) }
            let context = PlayerKeyContext(player)
            return (playerVariants[context], false, .player(context))
        }
        if state.resumeOffer != nil { return (resumeSections, false, .resume) }
        if state.filterPicker != nil { return (filterSections, false, .filter) }
        if state.downloadsScreen != nil { return (downloadsSections, false, .downloads) }
        if state.list.isSearchOpen { return (searchSections, false, .search) }
        if state.list.isDetailOpen { return (detailSections, false, .details) }
        let context = ListKeyContext(state)
        return (listVariants[context], true, .list(context))
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

/// What enables the list's commands: the table keeps one set of sections for each value met.
struct ListKeyContext: Hashable, Sendable {
    var hasSelection: Bool
    var hasFailed: Bool
    /// A search or a narrower scope applies (Esc has something to give back).
    var hasQuery: Bool
    var isLibrary: Bool
    var hasViews: Bool
    var isOrderable: Bool
    var hasSearch: Bool
    var isGroupSelected: Bool
    var isGrid: Bool

    init(_ state: AppState) {
        let list = state.list
        hasSelection = list.selectedTitle != nil
        hasFailed = list.hasFailed
        hasQuery = !list.query.isEmpty || !list.scopeTrail.isEmpty
        isLibrary = state.scan != nil
        hasViews = state.hasViews
        isOrderable = state.canOrder && list.isOrderable
        hasSearch = !list.query.isEmpty
        isGroupSelected = list.selectedTitle?.group != nil
        isGrid = list.columns > 1
    }
}

/// What enables the player's commands: the table keeps one set of sections for each value met.
struct PlayerKeyContext: Hashable, Sendable {
    var isUpNextShown: Bool
    var canSkipIntro: Bool
    var isPromptShown: Bool
    var isAtEnd: Bool
    var canPlay: Bool

    init(_ player: PlayerState) {
        let hasIntro = player.title.introEnd > player.title.introStart
        isUpNextShown = player.isUpNextShown
        canSkipIntro = hasIntro && player.isInIntro && !player.isSkippingIntro
        isPromptShown = player.isSkipIntroShown || player.isUpNextShown
        isAtEnd = player.isAtEnd
        canPlay = player.media == .ready
    }
}

/// Which of a table's screens is shown, with the context of those that have one: where
/// `HintLines` keeps their hint lines.
enum KeyScreenID: Hashable, Sendable {
    case list(ListKeyContext)
    case player(PlayerKeyContext)
    case trackPicker, resume, filter, downloads, search, details, help
}

/// One screen's sections for each context that enables its commands, each made the first time
/// it is met and kept. Shared by the copies of a table (a class), and safe to ask from any
/// thread (the made ones are kept under a lock).
final class KeyVariants<Context: Hashable & Sendable>: Sendable {
    private let make: @Sendable (Context) -> [AppCommandSection]
    private let made = Mutex<[Context: [AppCommandSection]]>([:])

    init(make: @escaping @Sendable (Context) -> [AppCommandSection]) {
        self.make = make
    }

    subscript(context: Context) -> [AppCommandSection] {
        if let sections = made.withLock({ $0[context] }) { return sections }
        // Made outside the lock: two threads asking at once both make it, and keep the same.
        let sections = make(context)
        made.withLock { $0[context] = sections }
        return sections
    }
}

/// A footer's hint line and its width in columns.
struct KeyHints: Equatable, Sendable {
    let text: String
    let width: Int
}

/// The footer hint line last made for each screen, with the width it was made for: a screen
/// shown again at that width gets it back without making it again. Shared by the copies of a
/// table (a class), and safe from any thread.
final class HintLines: Sendable {
    private let made = Mutex<[KeyScreenID: (width: Int, hints: KeyHints)]>([:])

    func line(screen: KeyScreenID, width: Int, make: () -> KeyHints) -> KeyHints {
        if let kept = made.withLock({ $0[screen] }), kept.width == width { return kept.hints }
        let hints = make()
        made.withLock { $0[screen] = (width, hints) }
        return hints
    }
}
