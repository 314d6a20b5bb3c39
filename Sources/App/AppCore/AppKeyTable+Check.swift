import Terminal

/// What is wrong with a command's new keys.
package enum KeyRebindingProblem: Equatable, Sendable, CustomStringConvertible {
    /// No screen has a command of that name.
    case unknownCommand(String)
    /// The key would trigger two commands of one screen.
    case boundTwice(Key, screen: KeyScreen, commands: [String])

    package var description: String {
        switch self {
        case .unknownCommand(let name):
            let screen = name.split(separator: ".").first.map(String.init) ?? ""
            return KeyScreen(rawValue: screen) == nil
                ? "unknown command \"\(name)\" (commands start with a screen: \(KeyScreen.allCases.map(\.rawValue).joined(separator: ", ")))"
                : "unknown command \"\(name)\" (docs/config.md lists the \(screen) screen's)"
        case .boundTwice(let key, let screen, let commands):
            return "\(KeyLabel.name(key)) is bound twice in the \(screen.rawValue) screen: \(commands.joined(separator: " and "))"
        }
    }
}

extension AppKeyTable {
    /// `rebinding` with the keys it gives taken from the defaults of the other commands of their
    /// screen (`list.down = "n"` takes n from `list.next-match`). A configuration's keys never
    /// need it: `check` refuses a key that another command of the screen keeps. It matters for a
    /// table made from keys that were not checked.
    static func withKeysTaken(by rebinding: [String: [Key]]) -> [String: [Key]] {
        guard !rebinding.isEmpty else { return rebinding }
        var effective = rebinding
        for screen in KeyScreen.allCases {
            let prefix = screen.rawValue + "."
            let taken = Set(rebinding.filter { $0.key.hasPrefix(prefix) }.values.flatMap { $0 })
            guard !taken.isEmpty else { continue }
            for command in screen.commands where rebinding[command.name] == nil {
                let kept = command.keys.filter { !taken.contains($0) }
                if kept.count != command.keys.count { effective[command.name] = kept }
            }
        }
        return effective
    }

    /// Checks new keys for commands (by full name): names no command has, and keys that would
    /// trigger two commands of one screen, whether both were given the key or one keeps it
    /// from its defaults (`list.down = "q"` while `list.quit` keeps q; `list.up = "j"` while
    /// `list.down` keeps j). Swapping two commands' keys is fine: each is given its new keys. A
    /// key may stay on two commands only where the defaults put it (the player's Enter: up next
    /// while it shows, else the HUD). Returns the keys that can be used (the others keep their
    /// defaults) and the problem of each refused name.
    ///
    ///     AppKeyTable.check(["list.down": [.character("q")]]).problems  // ["list.down": .boundTwice(q, …)]
    package static func check(_ rebinding: [String: [Key]]) -> (accepted: [String: [Key]], problems: [String: KeyRebindingProblem]) {
        // A configuration without keys (most): nothing to check, no table to build at start.
        guard !rebinding.isEmpty else { return ([:], [:]) }
        let defaults = Dictionary(uniqueKeysWithValues: KeyScreen.allCases.flatMap { $0.commands.map { ($0.name, $0.keys) } })
        let known = Set(defaults.keys)
        var accepted = rebinding.filter { known.contains($0.key) }
        var problems: [String: KeyRebindingProblem] = [:]
        for name in rebinding.keys where !known.contains(name) { problems[name] = .unknownCommand(name) }
        // Refusing a command's keys gives it back its defaults, which may clash in turn: again
        // until nothing clashes (each round refuses at least one).
        while true {
            var refused: [String: KeyRebindingProblem] = [:]
            // The keys given, and the defaults of the commands not given any.
            let effective = accepted
            for screen in KeyScreen.allCases {
                let section = rebound(screen.section, screen: screen, by: effective)
                var commandsByKey: [Key: [String]] = [:]
                var order: [Key] = []
                for command in section.commands where command.binding.isEnabled {
                    guard let name = command.name else { continue }
                    for key in command.binding.keys {
                        if commandsByKey[key] == nil { order.append(key) }
                        commandsByKey[key, default: []].append(screen.rawValue + "." + name)
                    }
                }
                for key in order {
                    let names = commandsByKey[key] ?? []
                    // Where the defaults put it on these very commands, it stays.
                    guard names.count > 1, !names.allSatisfy({ defaults[$0]?.contains(key) == true }) else { continue }
                    for name in names where accepted[name] != nil && refused[name] == nil {
                        refused[name] = .boundTwice(key, screen: screen, commands: names)
                    }
                }
            }
            if refused.isEmpty { return (accepted, problems) }
            for (name, problem) in refused {
                accepted[name] = nil
                problems[name] = problem
            }
        }
    }
}
