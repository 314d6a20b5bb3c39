import Catalog
import Downloads
import Library
import MediaScan
import ProcessControl
import OfflineDownloads
import ServerClient
import ServerWire
import Spin
import SpinJournal
import AppCore
import CatalogFile
import LibraryInterface
#if canImport(Glibc)
import Glibc
#endif

/// The library's part of the command line, over the SQLite library (`Library`): scanned
/// folders in `library.sqlite`, each JSON Lines catalog imported once into a database of its own.
///
///     SpindleCommand.launch(library: SQLiteLibraryFeature())
package struct SQLiteLibraryFeature: LibraryFeature {
    /// Probes media files: the probe helper beside this program (`HelperProbe`), with ffprobe
    /// where the helper is not there or cannot run.
    let prober: any MediaProber
    let ffprobe: String

    package init() {
        self.init(ffprobe: "ffprobe")
    }

    /// `helper` false: ffprobe alone, as where the helper was not built.
    init(ffprobe: String, helper: Bool = true) {
        self.ffprobe = ffprobe
        let fallback = FFProbe(executable: ffprobe)
        prober = helper ? HelperProbe.besideThisProgram(fallback: fallback) : fallback
    }

    package func open(_ source: LibrarySource, environment: [String: String]) async throws -> OpenedLibrary {
        let places = try LibraryLocations(environment: environment)
        switch source {
        case .folders(let folders):
            try Self.checkFolders(folders)
            let database = try openDatabase(places.library, in: places.directory)
            try await database.addFolders(folders)
            var notices = database.recovery.map { ["\($0)"] } ?? []
            let known = try await database.folders()
            if known.isEmpty {
                notices.append("the library has no folders yet: give some, as in `spindle ~/Videos`")
            }
            let scanning: Feedback<AppState, AppEvent>
            if let missing = missingProber(environment: environment) {
                // Files probed without ffprobe would be stored as failures and not probed again.
                scanning = .react(query: { $0.scanGeneration }, effects: { _ async -> AppEvent? in
                    .scanProgressed(ScanStatus(isFinished: true, problem: missing))
                })
            } else {
                scanning = ScanFeedback.feedback(database: database, folders: { (try? await database.folders()) ?? known },
                                                 prober: prober, art: ArtFeedback.finder(environment: environment))
            }
            var feedbacks = [scanning, LibraryChangesFeedback.feedback(database: database)]
                + ArtFeedback.feedbacks(environment: environment, database: database)
            // `spindle DIR`: that folder's titles (all of them for several), with no search left
            // from the last session; `spindle --library` keeps the session's place.
            if !folders.isEmpty {
                let scope: ListScope = folders.count == 1 ? .folder(folders[0]) : .all
                feedbacks.append(.react(query: { _ in true }, effects: { _ async -> AppEvent? in .list(.scopeChosen(scope)) }))
            }
            return OpenedLibrary(provider: LibraryProvider(database: database), feedbacks: feedbacks,
                                 sessionKey: places.library, scans: true, notices: notices,
                                 downloadSource: Self.downloadSource(headers: [:]),
                                 watchStore: LibraryWatchStore(database: database))
        case .catalogFile(let path):
            // A device, a FIFO or a directory is refused before a database is made for it.
            try CatalogFileError.checkRegularFile(path)
            let databasePath = places.catalogDatabase(for: path)
            let isNew = access(databasePath, F_OK) != 0
            let database = try openDatabase(databasePath, in: places.directory + "/catalogs")
            // A first import of a big file takes a while, before the terminal is touched: say so,
            // and how far it is.
            let line = ImportProgressLine(header: "spindle: importing \(path) into "
                + "\(database.path) (once; later starts read it from there; Ctrl+C stops)…")
            let notice = Task {
                try await Task.sleep(for: .milliseconds(500))
                line.show()
            }
            defer {
                notice.cancel()
                line.finish()
            }
            let outcome: CatalogImportOutcome
            // A refused or interrupted first import leaves no database behind; an earlier
            // import's database stays as it was (the import is one transaction).
            let folders = [places.directory + "/catalogs", places.directory]
            do {
                outcome = try await ImportInterruption.cancellingOnInterrupt {
                    try await LibraryImport.importCatalog(path: path, into: database, progress: line.report)
                } forced: {
                    // The import did not let go in time: the process ends with it, as it would have.
                    line.finish()
                    printError(importInterruptedMessage)
                    if isNew { Self.remove(databasePath, folders: folders) }
                }
            } catch {
                if isNew {
                    database.discard()
                    Self.remove(nil, folders: folders)
                }
                throw error
            }
            var notices = database.recovery.map { ["\($0)"] } ?? []
            if case .imported(let titles, _) = outcome, titles == 0 { notices.append("\(path) has no titles") }
            // A resumed session's titles are loaded again at the start: the file may have changed
            // and been imported again since they were saved.
            var opened = OpenedLibrary(provider: LibraryProvider(database: database),
                                       feedbacks: [LibraryChangesFeedback.feedback(database: database),
                                                   PendingIndexesFeedback.feedback(database: database)]
                                           + ArtFeedback.feedbacks(environment: environment, database: database),
                                       sessionKey: path, scans: false,
                                       notices: notices, downloadSource: Self.downloadSource(headers: [:]),
                                       watchStore: LibraryWatchStore(database: database))
            opened.madeTheUserWait = outcome != .unchanged
            return opened
        case .server(let address, let flag):
            // The token was read from the command line: from here on `ps` shows "x"s instead.
            ServerToken.hideArguments()
            let provider = try RemoteProvider(server: address, token: try ServerToken.resolve(
                flag: flag, environment: environment,
                file: SpindleHome.tokenFile(environment: environment) ?? "/.config/spindle/token"))
            let headers = [provider.server.url("/"): [provider.authorizationHeader]]
            // Downloads come from the server itself only: it steers none elsewhere (file:// included).
            let policy = DownloadPolicy(refusing: provider.server.downloadRefusal(for:))
            let feedbacks = [LibraryChangesFeedback.feedback { provider.changes() }]
                + RemoteArt(provider: provider, environment: environment).feedbacks()
                + RemotePreviews(provider: provider, environment: environment).feedbacks()
            var opened = OpenedLibrary(provider: provider, feedbacks: feedbacks,
                                       sessionKey: provider.server.address, scans: false,
                                       httpHeaders: headers, downloadSource: Self.downloadSource(headers: headers, policy: policy),
                                       // What is watched is kept on the server, for every client of the token.
                                       watchStore: RemoteWatchStore(provider: provider))
            opened.server = "\(provider.server.host):\(provider.server.port)"
            return opened
        }
    }

    package func pictures(_ setting: String, environment: [String: String]) -> ArtDrawing? {
        ArtFeedback.drawing(setting: setting, environment: environment)
    }

    /// Downloads into the folder the command line gives: files of http(s):// and file:// URLs
    /// (of a server's titles, only its own), with the server's token for its own URLs.
    /// Removes a first import's database files (`database`, nil when already discarded) and the
    /// folders it made, when that leaves them empty (rmdir removes no other).
    static func remove(_ database: String?, folders: [String]) {
        if let database { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(database + suffix) } }
        for folder in folders { rmdir(folder) }
    }

    static func downloadSource(headers: [String: [String]], policy: DownloadPolicy = .anyAddress)
        -> @Sendable (String) -> any DownloadSource {
        { directory in FileDownloadSource(directory: directory, httpHeaders: headers, policy: policy) }
    }

    package func scan(folders: [String], environment: [String: String]) async -> Int32 {
        do {
            let places = try LibraryLocations(environment: environment)
            try Self.checkFolders(folders)
            if let missing = missingProber(environment: environment) { throw LibraryOpenError(missing) }
            let database = try openDatabase(places.library, in: places.directory)
            if let recovery = database.recovery { printError("spindle: \(recovery)") }
            try await database.addFolders(folders)
            let progress = ScanPrinter()
            await FolderScan(database: database, folders: folders, prober: prober, art: ArtFeedback.finder(environment: environment))
                .run { status, _ in
                progress.show(status)
            }
            let unreadable = (try? await database.unreadableFiles(under: folders, limit: ScanPrinter.unreadableLines)) ?? ([], 0)
            let last = progress.finish(unreadable: unreadable)
            try? database.close()
            return last.hasFailures ? 1 : 0
        } catch {
            printError("spindle: \(error)")
            return 1
        }
    }

    package func folders(_ action: FolderAction, environment: [String: String]) async -> Int32 {
        do {
            let places = try LibraryLocations(environment: environment)
            let database = try openDatabase(places.library, in: places.directory)
            defer { try? database.close() }
            switch action {
            case .list:
                let folders = try await database.folderCounts()
                if folders.isEmpty { printError("spindle: the library has no folders yet (spindle FOLDER or spindle scan FOLDER adds one)") }
                for (folder, titles) in folders {
                    printLine("\(folder)  (\(Formatting.count(titles, "title", "titles")))")
                }
                return 0
            case .remove(let folders):
                var status: Int32 = 0
                for folder in folders {
                    if let removed = try await database.removeFolder(folder) {
                        printError("spindle: removed \(folder) and its \(Formatting.count(removed, "title", "titles")) from the library")
                    } else {
                        printError("spindle: \(folder) is not a folder of the library (spindle folders lists them)")
                        status = 1
                    }
                }
                return status
            }
        } catch {
            printError("spindle: \(error)")
            return 1
        }
    }

    package func serve(_ options: ServeOptions, environment: [String: String]) async -> Int32 {
        if options.token != nil { ServerToken.hideArguments() }
        return await LibraryServing(feature: self).run(options, environment: environment)
    }

    package func generate(titles: Int, environment: [String: String]) async throws {
        let places = try LibraryLocations(environment: environment)
        let database = try openDatabase(places.library, in: places.directory)
        try await database.generateTitles(count: titles)
        // A large one is for benchmarks: some history, so that Home has rows.
        if titles >= 10_000 { try await database.generateHistory(count: titles) }
        try database.close()
    }

    /// Opens (creating its folder) the database at `path`.
    func openDatabase(_ path: String, in folder: String) throws -> LibraryDatabase {
        do {
            try DurableFile.makeDirectory(folder)
        } catch {
            throw LibraryOpenError("cannot make the library's folder: \(error)")
        }
        return try LibraryDatabase(path: path)
    }

    /// Why folders cannot be scanned here (neither the probe helper nor ffprobe is there), or nil.
    func missingProber(environment: [String: String]) -> String? {
        !(prober is HelperProbe) && executablePath(ffprobe) == nil
            ? "ffprobe is not installed, so folders are not scanned (it comes with ffmpeg: apt install ffmpeg)"
            : nil
    }

    /// Each folder must be there and be a folder: a mistyped path is an error, not an empty library.
    static func checkFolders(_ folders: [String]) throws {
        for folder in folders {
            var info = stat()
            guard stat(folder, &info) == 0 else {
                throw LibraryOpenError("\(folder): \(errno == ENOENT ? "no such folder" : String(cString: strerror(errno)))")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else { throw LibraryOpenError("\(folder): not a folder") }
        }
    }
}
