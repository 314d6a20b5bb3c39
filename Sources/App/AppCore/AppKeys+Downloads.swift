/// The keys of downloads: `d`, `c` and `o` where a title is on screen, and the downloads screen's.
extension AppKeys {
    static func download(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("d")], "d", "download for offline viewing (again after a failure)", isEnabled: isEnabled,
                   sends: .downloadRequested).named("download")
    }

    static func cancelDownload(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("c")], "c", "cancel its download", isEnabled: isEnabled, sends: .downloadCancelRequested)
            .named("cancel-download")
    }

    static let openDownloads = AppCommand([.character("o")], "o", "downloads", isInShortHelp: true, sends: .downloadsToggled)
        .named("downloads")

    static func downloadsKeys() -> AppCommandSection {
        AppCommandSection("Downloads", [
            AppCommand([.up, .character("k")], "↑ k", "move up", sends: .downloadsMoved(by: -1)).named("up"),
            AppCommand([.down, .character("j")], "↓ j", "move down", sends: .downloadsMoved(by: 1)).named("down"),
            AppCommand([.control("d")], "Ctrl+D", "down half a screen", sends: .downloadsMovedHalfPage(down: true))
                .named("half-page-down"),
            AppCommand([.control("u")], "Ctrl+U", "up half a screen", sends: .downloadsMovedHalfPage(down: false))
                .named("half-page-up"),
            AppCommand([.home, .character("g")], "Home g", "first", sends: .downloadsMoved(by: -Int(Int32.max))).named("first"),
            AppCommand([.end, .character("G")], "End G", "last", sends: .downloadsMoved(by: Int(Int32.max))).named("last"),
            AppCommand([.enter], "Enter", "play", isInShortHelp: true, sends: .downloadPlayRequested).named("play"),
            AppCommand([.character("c")], "c", "cancel", isInShortHelp: true, sends: .downloadCancelRequested).named("cancel"),
            AppCommand([.character("r"), .character("d")], "r, d", "retry", isInShortHelp: true,
                       sends: .downloadRequested).named("retry"),
            AppCommand([.character("x"), .delete], "x, Delete", "remove", isInShortHelp: true,
                       sends: .downloadRemoveRequested).named("remove"),
            AppCommand([.escape, .backspace, .character("o")], "Esc, o", "back", isInShortHelp: true, sends: .downloadsToggled)
                .named("back"),
            help, quit, interrupt,
        ])
    }
}
