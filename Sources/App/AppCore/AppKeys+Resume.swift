/// The keys of the offer to resume a title where the user left it.
extension AppKeys {
    static func resumeOffer() -> AppCommandSection {
        AppCommandSection("Resume offer", [
            AppCommand([.enter, .character("r")], label: "Enter, r", description: "resume where you left off", isInShortHelp: true,
                       sends: .resumeAnswered(.resume)).named("resume"),
            AppCommand([.character("s"), .home], label: "s, Home", description: "start over", isInShortHelp: true,
                       sends: .resumeAnswered(.startOver)).named("start-over"),
            AppCommand([.escape, .backspace], label: "Esc, Backspace", description: "back to the list", isInShortHelp: true,
                       sends: .resumeAnswered(.dismissed)).named("back"),
            help, quit, interrupt,
        ])
    }
}
