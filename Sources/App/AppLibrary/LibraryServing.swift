import LibraryInterface
import Library
import Server
import ServerWire
import AppCore
import Logging
import MediaScan
#if canImport(Glibc)
import Glibc
#endif

/// `spindle serve [FOLDER…]`: the library over HTTP (docs/server.md) until SIGTERM or Ctrl+C,
/// its folders (and the new ones) scanned in the background once it listens.
///
/// Everything that can be wrong with the command (the address, the certificate, the token,
/// the folders) is checked before the database is opened, and said in one line.
struct LibraryServing {
    let feature: SQLiteLibraryFeature

    func run(_ options: ServeOptions, environment: [String: String]) async -> Int32 {
        do {
            let address = try ListenAddress(options.listen)
            let tls = try options.tlsCertificate.map { certificate in
                try ServerTLS(certificateFile: certificate, keyFile: options.tlsKey ?? "")
            }
            let places = try LibraryLocations(environment: environment)
            try SQLiteLibraryFeature.checkFolders(options.folders)
            let token = try ServingToken(flag: options.token, environment: environment)
            guard let keyFile = SpindleHome.accountKeyFile(environment: environment) else {
                throw ServerTokenError.cannotWrite(path: "the account key", reason: "neither XDG_CONFIG_HOME nor HOME is set")
            }
            let accountKey = try ServerToken.loadOrCreate(at: keyFile)
            ServerLimits.raiseFileDescriptorLimit()
            let database = try feature.openDatabase(places.library, in: places.directory)
            if let recovery = database.recovery { printError("spindle: \(recovery)") }
            try await database.addFolders(options.folders)
            let known = try await database.folders()

            var logger = Logger(label: "spindle.serve")
            logger.logLevel = .info
            let server = LibraryServer(database: database, token: token.value, accountKey: accountKey, host: address.host, port: address.port,
                                       tls: tls, artCache: ArtFeedback.cacheFolder(environment: environment),
                                       previewCache: SeekPreviewFeedback.cacheFolder(environment: environment), logger: logger)
            let running = Task { try await server.run { stop in printError("spindle: \(stop)") } }
            guard let bound = await server.boundPort else {
                try await running.value
                return 1
            }
            announce(places.library, address: address, port: bound, https: tls != nil, token: token)
            // The folders are scanned while the server answers: pages show what is stored so far.
            let scanning = Task { await scan(known, database: database, environment: environment) }
            defer { scanning.cancel() }
            try await running.value
            printError("spindle: stopped serving")
            return 0
        } catch {
            printError("spindle: \(error)")
            return 1
        }
    }

    /// What a user needs to know once the server listens: where, how clients find the token
    /// (never the token itself), and a warning when plain HTTP leaves this machine.
    private func announce(_ library: String, address: ListenAddress, port: Int, https: Bool, token: ServingToken) {
        let scheme = https ? "https" : "http"
        let listening = LibraryServer.authority(host: address.host, port: port)
        printError("spindle: serving \(library) at \(scheme)://\(listening)")
        printError("spindle: \(token.whereClientsFindIt)")
        let reachable = address.isWildcard ? LibraryServer.authority(host: Self.hostName, port: port) : listening
        printError("spindle: browse it with: spindle \(scheme)://\(reachable)")
        if !address.isLoopback && !https {
            printError("spindle: warning: \(address.host) is reachable from other machines, and plain HTTP is "
                + "cleartext: the token and every title cross the network readable; serve HTTPS with --tls-cert and --tls-key")
        }
    }

    private func scan(_ folders: [String], database: LibraryDatabase, environment: [String: String]) async {
        guard !folders.isEmpty else { return }
        guard feature.missingProber(environment: environment) == nil else {
            printError("spindle: ffprobe is not installed, so folders are not scanned (apt install ffmpeg)")
            return
        }
        let progress = ScanPrinter(logsEvery: 1_000)
        await FolderScan(database: database, folders: folders, prober: feature.prober,
                         art: ArtFeedback.finder(environment: environment)).run { status, _ in
            progress.show(status)
        }
        progress.finish()
    }

    /// This machine's name, for the address clients browse when the server listens on all.
    static var hostName: String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "HOST" }
        let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "HOST" : text
    }
}
