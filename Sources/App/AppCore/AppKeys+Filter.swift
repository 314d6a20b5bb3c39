/// The keys of the filter picker (`f`) and of the views' order (`s`).
extension AppKeys {
    static func filterPicker() -> AppCommandSection {
        AppCommandSection("Filter", [
            AppCommand([.up, .character("k")], "↑ k", "move up", isInShortHelp: true, sends: .filterPickerMoved(by: -1)).named("up"),
            AppCommand([.down, .character("j")], "↓ j", "move down", isInShortHelp: true, sends: .filterPickerMoved(by: 1))
                .named("down"),
            AppCommand([.pageUp], "PgUp", "up ten rows", sends: .filterPickerMoved(by: -10)).named("page-up"),
            AppCommand([.pageDown], "PgDn", "down ten rows", sends: .filterPickerMoved(by: 10)).named("page-down"),
            AppCommand([.home, .character("g")], "Home g", "first row", sends: .filterPickerMoved(by: -100_000)).named("first"),
            AppCommand([.end, .character("G")], "End G", "last row", sends: .filterPickerMoved(by: 100_000)).named("last"),
            AppCommand([.enter], "Enter", "choose (a genre and a decade go together)", isInShortHelp: true,
                       sends: .filterPickerChosen).named("choose"),
            AppCommand([.escape, .character("f")], "Esc, f", "close, the filter as it was", isInShortHelp: true,
                       sends: .filterPickerClosed).named("close"),
            help, quit, interrupt,
        ])
    }

    /// `s` and `f` on the list, where the catalog orders its views (a library).
    static func orderKeys(isEnabled: Bool) -> [AppCommand] {
        [
            AppCommand([.character("s")], "s", "order: title, year, newest added, length (a library's views)",
                       isEnabled: isEnabled, sends: .orderCycled).named("order"),
            AppCommand([.character("f")], "f", "filter by genre and decade (a library's views)", isEnabled: isEnabled,
                       sends: .filterPickerOpened).named("filter"),
        ]
    }
}
