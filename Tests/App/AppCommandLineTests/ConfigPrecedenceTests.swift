import AppConfig
import Testing
@testable import AppCommandLine

@Suite("The command line over the configuration file")
struct ConfigPrecedenceTests {
    static let config = SpindleConfig.parse("""
        [browse]
        folders = ["/media/films"]
        page-size = 20
        video = "none"
        max-downloads = 5
        mouse = false
        mpv-args = "--vo=null"
        """, path: "/c/config.toml")

    @Test("what the command line leaves out comes from the file")
    func fileFills() throws {
        let browse = try #require(try SpindleCommand.parseAsRoot([]) as? Browse).settled(by: Self.config)
        #expect(browse.pageSize == 20 && browse.video == .none && browse.maxDownloads == 5 && browse.noMouse)
        #expect(browse.folders == ["/media/films"] && browse.mpvArguments == ["--vo=null"])
    }

    @Test("the command line wins: options, and what to browse")
    func commandLineWins() throws {
        let arguments = ["--catalog", "c.jsonl", "--page-size", "7", "--video", "window", "--max-downloads", "1", "--mpv-args", "--ao=null"]
        let browse = try #require(try SpindleCommand.parseAsRoot(arguments) as? Browse).settled(by: Self.config)
        #expect(browse.pageSize == 7 && browse.video == .window && browse.maxDownloads == 1)
        #expect(browse.folders.isEmpty && browse.catalog == "c.jsonl" && browse.mpvArguments == ["--ao=null"])
    }

    @Test("spindle config takes --path or --default, not both")
    func configVerb() throws {
        #expect(try SpindleCommand.parseAsRoot(["config"]) is Config)
        #expect(try #require(try SpindleCommand.parseAsRoot(["config", "--path"]) as? Config).path)
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["config", "--path", "--default"]) }
    }
}
