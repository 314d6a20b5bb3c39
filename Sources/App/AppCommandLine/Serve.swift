import AppConfig
import ArgumentParser
import LibraryInterface

/// `spindle serve [FOLDER...]`: the library over HTTP, with a token, until SIGTERM or Ctrl+C.
struct Serve: LibraryCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Share the library over HTTP (another spindle browses it with spindle http://HOST:PORT).",
        discussion: "Folders given are added to the library and scanned while it is served. Only requests that carry the token are answered."
    )

    @Argument(help: ArgumentHelp("Media folders to add to the library and scan while serving.", valueName: "folder"))
    var folders: [String] = []

    @Option(name: .long, help: ArgumentHelp("Where to listen (default 127.0.0.1:8700; \"0.0.0.0:8700\" shares it).", valueName: "addr:port"))
    var listen: String?

    @Option(name: .long, help: ArgumentHelp("The token clients must send, at least 16 characters (else SPINDLE_TOKEN, else ~/.config/spindle/token, made on first use); hidden from ps once read.", valueName: "token"))
    var token: String?

    @Option(name: .long, help: ArgumentHelp("Serve HTTPS with this certificate (PEM; with --tls-key).", valueName: "file"))
    var tlsCert: String?

    @Option(name: .long, help: ArgumentHelp("The private key of --tls-cert (PEM).", valueName: "file"))
    var tlsKey: String?

    func validate() throws {
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together: give both, or neither for plain HTTP.")
        }
    }

    func run(library: LibraryAccess) throws {
        let feature = try library.feature()
        // The file's listen address where --listen says nothing.
        let config = SpindleConfig.load(environment: ProcessEnvironment.variables)
        for problem in config.problems { printError("spindle: \(problem)") }
        let options = ServeOptions(folders: folders.map(absolutePath), listen: listen ?? config.listen.value, token: token,
                                   tlsCertificate: tlsCert.map(absolutePath), tlsKey: tlsKey.map(absolutePath))
        let status = blockingRun {
            await feature.serve(options, environment: ProcessEnvironment.variables)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
