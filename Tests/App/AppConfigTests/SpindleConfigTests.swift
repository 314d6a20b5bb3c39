import AppCore
import Terminal
import Testing
@testable import AppConfig

@Suite("The configuration file")
struct SpindleConfigTests {
    static let path = "/home/me/.config/spindle/config.toml"

    @Test("settings, keys and a theme, each with the line it came from")
    func reads() {
        let config = SpindleConfig.parse("""
            [browse]
            folders = ["~/Videos", "/media/films"]
            page-size = 20
            mpv-args = "--vo=null --ao=null"

            [keys.list]
            down = "n"
            up = ["p", "ctrl+p"]
            next-match = "ctrl+n"

            [theme]
            header = { foreground = "#5fafff", background = 236, attributes = ["bold"] }
            selected.foreground = "bright-yellow"
            """, path: Self.path, environment: ["HOME": "/home/me"])
        #expect(config.problems.isEmpty, "\(config.problems)")
        #expect(config.folders.value == ["/home/me/Videos", "/media/films"])
        #expect(config.pageSize.value == 20 && config.pageSize.origin == .file(path: Self.path, line: 3))
        #expect(config.mpvArgs.value == ["--vo=null", "--ao=null"])
        #expect(config.maxDownloads.value == 3 && config.maxDownloads.origin == .standard)
        #expect(config.keys["list.down"]?.value == [.character("n")])
        #expect(config.keys["list.up"]?.value == [.character("p"), .control("p")])
        #expect(config.keys["list.up"]?.origin == .file(path: Self.path, line: 8))
        let theme = config.preferences.theme
        #expect(theme.header == Style(.bold, foreground: .indexed(75), background: .indexed(236)))
        #expect(theme.selected == Style(.reverse, foreground: .indexed(11)))
    }

    @Test("each mistake is one line, path:line: reason, and keeps its default; the rest applies")
    func mistakes() {
        let config = SpindleConfig.parse("""
            [browse]
            page-size = "twenty"
            max-downloads = 99
            colour = 1
            [keys]
            list.dwn = "n"
            list.down = "hyper+j"
            list.up = "p"
            list.first = "p"
            player.seek-forward = "l"
            [theme]
            header.foreground = "chartreuse"
            """, path: Self.path)
        #expect(config.problems.map(\.description) == [
            "\(Self.path):2: browse.page-size must be an integer, not a string",
            "\(Self.path):3: browse.max-downloads must be between 1 and 16",
            "\(Self.path):4: unknown setting browse.colour (browse has folders, server, page-size, mpv-args, video, pictures, downloads, max-downloads, mouse)",
            "\(Self.path):6: unknown command \"list.dwn\" (docs/config.md lists the list screen's)",
            "\(Self.path):7: \"hyper+j\" is not a key (keys look like \"j\", \"ctrl+d\", \"shift+left\", \"enter\", \"space\", \"f5\")",
            "\(Self.path):8: p is bound twice in the list screen: list.up and list.first; its default keys apply",
            "\(Self.path):9: p is bound twice in the list screen: list.up and list.first; its default keys apply",
            "\(Self.path):12: theme.header.foreground: \"chartreuse\" is not a colour (a name such as \"cyan\" or \"bright-blue\", 0 to 255, or \"#rrggbb\")",
        ])
        #expect(config.pageSize.value == 50 && config.maxDownloads.value == 3)
        #expect(config.keys.keys.sorted() == ["player.seek-forward"])
        #expect(config.preferences.theme == .standard)
    }

    @Test("a key another command of the screen keeps is a mistake, path:line, and the command keeps its defaults")
    func keyClashes() {
        let config = SpindleConfig.parse("""
            [keys.list]
            down = "q"
            up = "j"
            search = "e"
            [keys.player]
            back = "s"
            """, path: Self.path)
        #expect(config.problems.map(\.description) == [
            "\(Self.path):2: q is bound twice in the list screen: list.down and list.quit; its default keys apply",
            "\(Self.path):3: j is bound twice in the list screen: list.up and list.down; its default keys apply",
            "\(Self.path):6: s is bound twice in the player screen: player.skip-intro and player.back; its default keys apply",
        ])
        // The refused commands keep their defaults (q quits, j moves down); the rest applies.
        #expect(config.keys.keys.sorted() == ["list.search"])
    }

    @Test("a file that is not TOML is ignored as a whole, with the line of its first mistake")
    func syntaxError() {
        let config = SpindleConfig.parse("[browse]\npage-size = 20\n[keys\n", path: Self.path)
        #expect(config.problems.map(\.description) == ["\(Self.path):3: a table's name ends with ]; the whole file is ignored"])
        #expect(config.pageSize.value == 50)
    }

    @Test("the environment wins over the file: SPINDLE_MPV_ARGS, SPINDLE_NO_MOUSE, and NO_COLOR over a theme")
    func environment() {
        let config = SpindleConfig.parse("""
            [browse]
            mpv-args = "--vo=gpu"
            [theme]
            header = { foreground = "red", background = "blue", attributes = ["underline"] }
            """, path: Self.path, environment: ["SPINDLE_MPV_ARGS": "--ao=null", "SPINDLE_NO_MOUSE": "1", "NO_COLOR": "1"])
        #expect(config.mpvArgs.value == ["--ao=null"] && config.mpvArgs.origin == .environment("SPINDLE_MPV_ARGS"))
        #expect(config.mouse.value == false)
        #expect(config.preferences.theme.header == Style(.underline))
        #expect(config.preferences.theme.error == Style(.bold))
    }

    @Test("spindle config says every value and where it came from")
    func report() {
        let config = SpindleConfig.parse("[browse]\npage-size = 20\n[keys.player]\nseek-forward = [\"l\", \"right\"]\n",
                                         path: Self.path)
        let lines = config.report.split(separator: "\n").map(String.init)
        #expect(lines.first == "# \(Self.path)")
        #expect(lines.contains { $0.hasPrefix("page-size = 20 ") && $0.hasSuffix("# \(Self.path):2") })
        #expect(lines.contains { $0.hasPrefix("max-downloads = 3 ") && $0.hasSuffix("# default") })
        #expect(lines.contains { $0.hasPrefix("seek-forward = [\"l\", \"right\"] ") && $0.hasSuffix("# \(Self.path):4") })
        #expect(lines.contains { $0.hasPrefix("down = [\"down\", \"j\"] ") && $0.hasSuffix("# default") })
        #expect(lines.contains { $0.hasPrefix("header = { foreground = \"black\", background = \"cyan\", attributes = [\"bold\"] }") })
    }

    @Test("the default file, uncommented, is a configuration without a mistake that changes nothing")
    func defaultFile() {
        let text = SpindleConfig.defaultFile.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("# ") && line.contains(" = ") ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        let config = SpindleConfig.parse(text, path: Self.path, environment: ["HOME": "/home/me"])
        #expect(config.problems.isEmpty, "\(config.problems)")
        #expect(config.preferences.theme == .standard)
        #expect(config.pageSize.value == 50)
    }

    @Test("keys as a configuration writes them", arguments: [
        ("j", Key.character("j")), ("G", .character("G")), ("?", .character("?")), ("ctrl+d", .control("d")),
        ("Ctrl+D", .control("d")), ("shift+left", .shiftLeft), ("enter", .enter), ("space", .character(" ")),
        ("f5", .function(5)), ("alt+b", .alt(.character("b"))), ("esc", .escape), ("pagedown", .pageDown),
    ])
    func keySyntax(text: String, key: Key) {
        #expect(KeySyntax.key(text) == key)
        #expect(KeySyntax.key(KeySyntax.text(key)) == key)
    }

    @Test("what is not a key", arguments: ["", "ctrl+", "ctrl+1", "hyper+j", "jj", "\u{1B}", "alt+alt+b", "f99"])
    func notKeys(text: String) {
        #expect(KeySyntax.key(text) == nil)
    }
}
