import AppCore

/// `spindle config --default`: a configuration file with every setting at its default,
/// commented out, to copy to `spindle config --path` and change.
extension SpindleConfig {
    package static var defaultFile: String {
        var lines = [
            "# Spindle's configuration (docs/config.md). Every line is commented out: it shows the default.",
            "# The command line wins over this file; SPINDLE_MPV_ARGS, SPINDLE_NO_MOUSE and NO_COLOR too.",
            "",
            "[browse]",
            "# folders = [\"~/Videos\"]          # browsed when spindle is given no folders, catalog or server",
            "# server = \"http://nas:8700\"      # or a spindle serve's library",
            "# page-size = 50",
            "# mpv-args = \"--vo=null\"           # more options for mpv, after Spindle's own",
            "# video = \"auto\"                   # auto, window or none",
            "# pictures = \"auto\"                # auto, kitty, sixel, truecolor, blocks or off",
            "# downloads = \"~/Downloads/spindle\" # default $XDG_DATA_HOME/spindle/downloads",
            "# max-downloads = 3",
            "# mouse = true",
            "",
            "[serve]",
            "# listen = \"127.0.0.1:8700\"",
        ]
        for screen in KeyScreen.allCases {
            lines += ["", "[keys.\(screen.rawValue)]"]
            for command in screen.commands {
                let local = String(command.name.dropFirst(screen.rawValue.count + 1))
                let keys = "[" + command.keys.map { "\"" + escaped(KeySyntax.text($0)) + "\"" }.joined(separator: ", ") + "]"
                lines.append(("# \(local) = \(keys)").padding(toWidth: 44) + "  # " + command.description)
            }
        }
        lines += ["", "[theme]  # foreground, background: a name, 0 to 255, or \"#rrggbb\"; attributes: bold, dim, reverse, underline, italic"]
        for role in Theme.Role.allCases {
            lines.append("# \(role.rawValue) = \(describe(Theme.standard[role]))")
        }
        return lines.joined(separator: "\n")
    }
}
