import AppCommandLine
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
/// its folders (and the new ones) scanned in the background meanwhile.
struct LibraryServing {
    let feature: SQLiteLibraryFeature

    /// The default port: 8700.
    static let defaultPort = 8700

    func run(folders: [String], listen: String?, token flag: String?, environment: [String: String]) async -> Int32 {
        do {
            let (host, port) = try Self.address(listen)
            let places = try LibraryLocations(environment: environment)
            try SQLiteLibraryFeature.checkFolders(folders)
            let tokenFile = SpindleHome.tokenFile(environment: environment) ?? "/.config/spindle/token"
            let token = try flag ?? environment["SPINDLE_TOKEN"] ?? ServerToken.loadOrCreate(at: tokenFile)
            let database = try feature.openDatabase(places.library, in: places.directory)
            if let recovery = database.recovery { printError("spindle: \(recovery)") }
            try await database.addFolders(folders)
            let known = try await database.folders()

            var logger = Logger(label: "spindle.serve")
            logger.logLevel = .info
            let server = LibraryServer(database: database, token: token, host: host, port: port, logger: logger)
            let announce = Task {
                guard let bound = await server.boundPort else { return }
                let authority = host.contains(":") ? "[\(host)]:\(bound)" : "\(host):\(bound)"
                printError("spindle: serving \(places.library) at http://\(authority)")
                if flag == nil {
                    printError("spindle: token: \(token) (from \(environment["SPINDLE_TOKEN"] == nil ? tokenFile : "SPINDLE_TOKEN"))")
                }
                printError("spindle: browse it with: spindle http://\(authority)")
            }
            // The folders are scanned while the server answers: pages show what is stored so far.
            let scanning = Task {
                guard !known.isEmpty else { return }
                guard feature.missingProber(environment: environment) == nil else {
                    printError("spindle: ffprobe is not installed, so folders are not scanned (apt install ffmpeg)")
                    return
                }
                let progress = ScanPrinter(logsEvery: 1_000)
                await FolderScan(database: database, folders: known, prober: feature.prober).run { status, _ in
                    progress.show(status)
                }
                progress.finish()
            }
            defer {
                scanning.cancel()
                announce.cancel()
            }
            try await server.run()
            printError("spindle: stopped serving")
            return 0
        } catch {
            printError("spindle: \(error)")
            return 1
        }
    }

    /// `--listen ADDR:PORT` (`[::1]:8700` for IPv6, `:8700` or `PORT` for loopback on a port).
    static func address(_ text: String?) throws -> (host: String, port: Int) {
        guard let text, !text.isEmpty else { return ("127.0.0.1", defaultPort) }
        var host = "127.0.0.1"
        var portText = text
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw LibraryOpenError("--listen \(text): a ] is missing") }
            host = String(text[text.index(after: text.startIndex) ..< close])
            let rest = text[text.index(after: close)...]
            portText = rest.hasPrefix(":") ? String(rest.dropFirst()) : String(defaultPort)
        } else if let colon = text.lastIndex(of: ":") {
            if colon != text.startIndex { host = String(text[..<colon]) }
            portText = String(text[text.index(after: colon)...])
        } else if Int(text) == nil {
            host = text
            portText = String(defaultPort)
        }
        guard let port = Int(portText), (0 ... 65_535).contains(port) else {
            throw LibraryOpenError("--listen \(text): the port must be a number from 0 to 65535")
        }
        return (host, port)
    }
}
