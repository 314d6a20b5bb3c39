import AppCore
import ArgumentParser
import Browser
import Foundation
import TestSupport
import Testing
@testable import AppCommandLine

@Suite("The command line's subcommands")
struct SubcommandTests {
    @Test("no subcommand browses: nothing, folders and a server's address all parse as browse")
    func browseIsTheDefault() throws {
        #expect(try SpindleCommand.parseAsRoot([]) is Browse)
        let folders = try #require(try SpindleCommand.parseAsRoot(["/media/films", "/media/shows"]) as? Browse)
        #expect(folders.folders == ["/media/films", "/media/shows"])
        let server = try #require(try SpindleCommand.parseAsRoot(["http://nas:8700", "--token", "t"]) as? Browse)
        #expect(server.folders == ["http://nas:8700"] && server.token == "t")
        #expect(try SpindleCommand.parseAsRoot(["browse", "--catalog", "c.jsonl"]) is Browse)
    }

    @Test("scan and serve take their own arguments")
    func verbs() throws {
        let scan = try #require(try SpindleCommand.parseAsRoot(["scan", "/media"]) as? Scan)
        #expect(scan.folders == ["/media"])
        let serve = try #require(try SpindleCommand.parseAsRoot(["serve", "/media", "--listen", "127.0.0.1:9000"]) as? Serve)
        #expect(serve.folders == ["/media"] && serve.listen == "127.0.0.1:9000" && serve.token == nil)
    }

    @Test("folders lists by default; folders remove takes folders; serve takes a certificate and its key together")
    func foldersAndTLS() throws {
        #expect(try SpindleCommand.parseAsRoot(["folders"]) is Folders.List)
        let remove = try #require(try SpindleCommand.parseAsRoot(["folders", "remove", "/media/a"]) as? Folders.Remove)
        #expect(remove.folders == ["/media/a"])
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["folders", "remove"]) }
        #expect(try SpindleCommand.parseAsRoot(["serve", "--tls-cert", "c.pem", "--tls-key", "k.pem"]) is Serve)
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["serve", "--tls-cert", "c.pem"]) }
    }

    @Test("--fresh starts a new session of the last catalog, not the embedded one")
    func freshKeepsTheLastCatalog() throws {
        let folder = try TempFolder(prefix: "spindle-fresh")
        let directory = folder.path
        let catalog = directory + "/films.jsonl"
        _ = FileManager.default.createFile(atPath: catalog, contents: Data("{}\n".utf8))
        let store = SessionStore(directory: directory)
        try store.rememberCatalog(catalog)
        let fresh = try #require(try SpindleCommand.parseAsRoot(["--fresh"]) as? Browse)
        #expect(fresh.chooseSource(store).0 == .catalogFile(catalog))
    }

    @Test("--max-loaded sets the most titles a new session's list keeps loaded; fewer than 10 is refused")
    func maxLoaded() throws {
        let browse = try #require(try SpindleCommand.parseAsRoot(["--max-loaded", "40"]) as? Browse)
        #expect(browse.maxLoaded == 40)
        #expect(try #require(try SpindleCommand.parseAsRoot([]) as? Browse).maxLoaded == ListState.defaultMaximumLoaded)
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["--max-loaded", "9"]) }
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["--max-loaded", "-1"]) }
    }

    @Test("each verb refuses the others' options")
    func optionsStayWithTheirVerb() {
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["--listen", "127.0.0.1:9000"]) }
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["serve", "--page-size", "10"]) }
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["scan", "--catalog", "c.jsonl", "/media"]) }
        #expect(throws: (any Error).self) { try SpindleCommand.parseAsRoot(["scan"]) }
    }

    @Test("each help shows its own options: serve's are not in the browser's help, nor the browser's in serve's")
    func helpIsPerVerb() {
        let browse = SpindleCommand.helpMessage(for: Browse.self)
        let serve = SpindleCommand.helpMessage(for: Serve.self)
        let root = SpindleCommand.helpMessage()
        #expect(browse.contains("--page-size") && browse.contains("--catalog"))
        #expect(!browse.contains("--listen"))
        #expect(serve.contains("--listen") && serve.contains("--token"))
        #expect(!serve.contains("--page-size") && !serve.contains("--catalog"))
        #expect(root.contains("browse (default)") && root.contains("scan") && root.contains("serve"))
        #expect(!root.contains("--listen") && !root.contains("--page-size"))
    }

    @Test("completion scripts cover the subcommands")
    func completions() {
        for shell in [CompletionShell.bash, .zsh, .fish] {
            let script = SpindleCommand.completionScript(for: shell)
            #expect(script.contains("serve") && script.contains("listen") && script.contains("page-size"), "\(shell)")
        }
    }

    /// Without its own name, a command is named by the parser from its type (`String(describing:)`,
    /// then snake case), which looks up conformances across the whole binary: about 0.9 M
    /// instructions per command at every start (2.9 M for the first), a third of the parse
    /// (docs/performance.md).
    @Test("every command names itself, as the parser would have named it")
    func everyCommandIsNamed() {
        func check(_ command: any ParsableCommand.Type, expected: String?) {
            let name = command.configuration.commandName
            #expect(name != nil, "\(command) has no commandName")
            if let expected { #expect(name == expected) }
            for sub in command.configuration.subcommands { check(sub, expected: nil) }
        }
        check(SpindleCommand.self, expected: "spindle")
        let names = SpindleCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names == ["browse", "scan", "folders", "serve", "config"])
        #expect(Folders.configuration.subcommands.map { $0.configuration.commandName } == ["list", "remove"])
    }
}
