/// The keys of downloads: `d`, `c` and `o` where a title is on screen, and the downloads screen's.
extension AppKeys {
    static func download(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("d")], "d", "download for offline viewing (again after a failure)", isEnabled: isEnabled,
                   sends: .downloadRequested)
    }

    static func cancelDownload(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("c")], "c", "cancel its download", isEnabled: isEnabled, sends: .downloadCancelRequested)
    }

    static let openDownloads = AppCommand([.character("o")], "o", "downloads", isInShortHelp: true, sends: .downloadsToggled)

    static func downloadsKeys() -> AppCommandSection {
        AppCommandSection("Downloads", [
            AppCommand([.up, .down, .character("k"), .character("j")], "↑↓ k j", "move") { key in
                .downloadsMoved(by: key == .up || key == .character("k") ? -1 : 1)
            },
            AppCommand([.control("d"), .control("u")], "Ctrl+D Ctrl+U", "move half a screen down / up") { key in
                .downloadsMovedHalfPage(down: key == .control("d"))
            },
            AppCommand([.home, .end, .character("g"), .character("G")], "Home End, g G", "first / last") { key in
                .downloadsMoved(by: key == .home || key == .character("g") ? -Int(Int32.max) : Int(Int32.max))
            },
            AppCommand([.enter], "Enter", "play", isInShortHelp: true, sends: .downloadPlayRequested),
            AppCommand([.character("c")], "c", "cancel", isInShortHelp: true, sends: .downloadCancelRequested),
            AppCommand([.character("r"), .character("d")], "r, d", "retry", isInShortHelp: true,
                       sends: .downloadRequested),
            AppCommand([.character("x"), .delete], "x, Delete", "remove", isInShortHelp: true,
                       sends: .downloadRemoveRequested),
            AppCommand([.escape, .backspace, .character("o")], "Esc, o", "back", isInShortHelp: true, sends: .downloadsToggled),
            help, quit, interrupt,
        ])
    }

    static let downloadsSections = [downloadsKeys()]
}
