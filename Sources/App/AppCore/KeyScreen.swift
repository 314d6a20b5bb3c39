import Terminal

/// The screens whose keys a configuration rebinds, by the name it gives them: a command's full
/// name is its screen's and its own, "list.down", "player.seek-forward".
package enum KeyScreen: String, CaseIterable, Sendable {
    case list, search, details, player, downloads, resume, help, filter, tracks

    /// The screen's commands, everything enabled: what the docs list and rebinding is checked on.
    var section: AppCommandSection {
        switch self {
        case .list: AppKeys.list()
        case .search: AppKeys.search()
        case .details: AppKeys.detail()
        case .player: AppCommandSection("Player", AppKeys.player().commands + AppKeys.playerTracks().commands)
        case .downloads: AppKeys.downloadsKeys()
        case .resume: AppKeys.resumeOffer()
        case .help: AppKeys.helpKeys()
        case .filter: AppKeys.filterPicker()
        case .tracks: AppKeys.trackPicker()
        }
    }

    /// Every named command of the screen: its full name, its default keys and what it does.
    package var commands: [(name: String, keys: [Key], description: String)] {
        section.commands.compactMap { command in
            command.name.map { (rawValue + "." + $0, command.binding.keys, command.binding.description) }
        }
    }
}
