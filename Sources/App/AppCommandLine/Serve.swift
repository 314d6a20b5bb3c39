import ArgumentParser

/// `spindle serve [FOLDER...]`: the library over HTTP, with a token, until SIGTERM or Ctrl+C.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Share the library over HTTP (another spindle browses it with spindle http://HOST:PORT).",
        discussion: "Folders given are added to the library and scanned while it is served. Only requests that carry the token are answered."
    )

    @Argument(help: ArgumentHelp("Media folders to add to the library and scan while serving.", valueName: "folder"))
    var folders: [String] = []

    @Option(name: .long, help: ArgumentHelp("Where to listen (default 127.0.0.1:8700; \"0.0.0.0:8700\" shares it).", valueName: "addr:port"))
    var listen: String?

    @Option(name: .long, help: ArgumentHelp("The token clients must send (else SPINDLE_TOKEN, else ~/.config/spindle/token); hidden from ps once read.", valueName: "token"))
    var token: String?

    func run() throws {
        let feature = try SpindleCommand.libraryFeatureOrHandOver()
        let folders = self.folders.map(absolutePath)
        let (listen, token) = (self.listen, self.token)
        let status = blockingRun {
            await feature.serve(folders: folders, listen: listen, token: token, environment: ProcessEnvironment.variables)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
