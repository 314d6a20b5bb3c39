/// The keys of the filter picker (`f`) and of the views' order (`s`).
extension AppKeys {
    static func filterPicker() -> AppCommandSection {
        AppCommandSection("Filter", [
            AppCommand([.up, .down, .character("k"), .character("j")], "↑↓ k j", "move", isInShortHelp: true) { key in
                .filterPickerMoved(by: key == .up || key == .character("k") ? -1 : 1)
            },
            AppCommand([.pageUp, .pageDown], "PgUp PgDn", "move ten rows") { key in
                .filterPickerMoved(by: key == .pageUp ? -10 : 10)
            },
            AppCommand([.home, .end, .character("g"), .character("G")], "Home End, g G", "first / last row") { key in
                .filterPickerMoved(by: key == .home || key == .character("g") ? -100_000 : 100_000)
            },
            AppCommand([.enter], "Enter", "choose (a genre and a decade go together)", isInShortHelp: true,
                       sends: .filterPickerChosen),
            AppCommand([.escape, .character("f")], "Esc, f", "close, the filter as it was", isInShortHelp: true,
                       sends: .filterPickerClosed),
            help, quit, interrupt,
        ])
    }

    /// `s` and `f` on the list, where the catalog orders its views (a library).
    static func orderKeys(isEnabled: Bool) -> [AppCommand] {
        [
            AppCommand([.character("s")], "s", "order: title, year, newest added, length (a library's views)",
                       isEnabled: isEnabled, sends: .orderCycled),
            AppCommand([.character("f")], "f", "filter by genre and decade (a library's views)", isEnabled: isEnabled,
                       sends: .filterPickerOpened),
        ]
    }

    static let filterSections = [filterPicker()]
}
