/// The keys of downloads: `d`, `c` and `o` where a title is on screen, and the downloads screen's.
extension AppKeys {
    static func download(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("d")], label: "d", description: "download for offline viewing (again after a failure)", isEnabled: isEnabled,
                   sends: .downloadRequested).named("download")
    }

    static func cancelDownload(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("c")], label: "c", description: "cancel its download", isEnabled: isEnabled, sends: .downloadCancelRequested)
            .named("cancel-download")
    }

    static let openDownloads = AppCommand([.character("o")], label: "o", description: "downloads", isInShortHelp: true, sends: .downloadsToggled)
        .named("downloads")

    static func downloadsKeys() -> AppCommandSection {
        AppCommandSection("Downloads", [
            AppCommand([.up, .character("k")], label: "↑ k", description: "move up", sends: .downloadsMoved(by: -1)).named("up"),
            AppCommand([.down, .character("j")], label: "↓ j", description: "move down", sends: .downloadsMoved(by: 1)).named("down"),
            AppCommand([.control("d")], label: "Ctrl+D", description: "down half a screen", sends: .downloadsMovedHalfPage(down: true))
                .named("half-page-down"),
            AppCommand([.control("u")], label: "Ctrl+U", description: "up half a screen", sends: .downloadsMovedHalfPage(down: false))
                .named("half-page-up"),
            AppCommand([.home, .character("g")], label: "Home g", description: "first", sends: .downloadsMoved(by: -Int(Int32.max))).named("first"),
            AppCommand([.end, .character("G")], label: "End G", description: "last", sends: .downloadsMoved(by: Int(Int32.max))).named("last"),
            AppCommand([.enter], label: "Enter", description: "play", isInShortHelp: true, sends: .downloadPlayRequested).named("play"),
            AppCommand([.character("c")], label: "c", description: "cancel", isInShortHelp: true, sends: .downloadCancelRequested).named("cancel"),
            AppCommand([.character("r"), .character("d")], label: "r, d", description: "retry", isInShortHelp: true,
                       sends: .downloadRequested).named("retry"),
            AppCommand([.character("x"), .delete], label: "x, Delete", description: "remove", isInShortHelp: true,
                       sends: .downloadRemoveRequested).named("remove"),
            AppCommand([.escape, .backspace, .character("o")], label: "Esc, o", description: "back", isInShortHelp: true, sends: .downloadsToggled)
                .named("back"),
            help, quit, interrupt,
        ])
    }
}
