/// The keys of the filter picker (`f`) and of the views' order (`s`).
extension AppKeys {
    static func filterPicker() -> AppCommandSection {
        AppCommandSection("Filter", [
            AppCommand([.up, .character("k")], label: "↑ k", description: "move up", isInShortHelp: true, sends: .filterPickerMoved(by: -1)).named("up"),
            AppCommand([.down, .character("j")], label: "↓ j", description: "move down", isInShortHelp: true, sends: .filterPickerMoved(by: 1))
                .named("down"),
            AppCommand([.pageUp], label: "PgUp", description: "up ten rows", sends: .filterPickerMoved(by: -10)).named("page-up"),
            AppCommand([.pageDown], label: "PgDn", description: "down ten rows", sends: .filterPickerMoved(by: 10)).named("page-down"),
            AppCommand([.home, .character("g")], label: "Home g", description: "first row", sends: .filterPickerMoved(by: -100_000)).named("first"),
            AppCommand([.end, .character("G")], label: "End G", description: "last row", sends: .filterPickerMoved(by: 100_000)).named("last"),
            AppCommand([.enter], label: "Enter", description: "choose (a genre and a decade go together)", isInShortHelp: true,
                       sends: .filterPickerChosen).named("choose"),
            AppCommand([.escape, .character("f")], label: "Esc, f", description: "close, the filter as it was", isInShortHelp: true,
                       sends: .filterPickerClosed).named("close"),
            help, quit, interrupt,
        ])
    }

    /// `s` and `f` on the list, where the catalog orders its views (a library).
    static func orderKeys(isEnabled: Bool) -> [AppCommand] {
        [
            AppCommand([.character("s")], label: "s", description: "order: title, year, newest added, length (a library's views)",
                       isEnabled: isEnabled, sends: .orderCycled).named("order"),
            AppCommand([.character("f")], label: "f", description: "filter by genre and decade (a library's views)", isEnabled: isEnabled,
                       sends: .filterPickerOpened).named("filter"),
        ]
    }
}
