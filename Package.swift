// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The Spindle app: a media browser and player for the terminal, built on the toolkit in
// Toolkit/ (its own package, which knows nothing of this one). docs/architecture.md draws the
// layers; imports point down only:
//
//   App       spindle, spindle-full -> AppCommandLine -> AppLibrary, AppConfig -> AppCore
//   Adapters  MPV, MediaScan, Library (SQLite), Server, ServerClient, FileDownload, … (the world)
//   Domain    Catalog, Browser, Player, Downloads (pure state machines: Spin, no I/O)
//   Toolkit   SpindleUI -> (Spin, Terminal) -> CNCursesW; SpinJournal -> Spin
// MARK: The toolkit's products and the packages' products, by name

let spin = toolkit("Spin"), spinJournal = toolkit("SpinJournal"), spinTesting = toolkit("SpinTesting"), terminal = toolkit("Terminal")
let terminalTesting = toolkit("TerminalTesting"), spindleUI = toolkit("SpindleUI")
let spindleUITesting = toolkit("SpindleUITesting"), textFormat = toolkit("TextFormat")
let spindleUIPictures = toolkit("SpindleUIPictures")
let clocks = Target.Dependency.product(name: "Clocks", package: "swift-clocks")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let httpClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let nio: [Target.Dependency] = ["NIOCore", "NIOPosix", "NIOHTTP1"].map { .product(name: $0, package: "swift-nio") }

func toolkit(_ product: String) -> Target.Dependency { .product(name: product, package: "Toolkit") }

// MARK: Domain: pure state machines (Spin and TextFormat only: no terminal, no clock reads, no I/O)

var domain: [Target] {
    [
        // Search text: what a title and a query are compared as (case, accents, ligatures folded).
        .target(name: "SearchText", path: "Sources/Domain/SearchText"),
        // JSON read within bounds (depth, numbers as written) into values: catalog lines, ffprobe's
        // answers, mpv's messages.
        .target(name: "JSON", path: "Sources/Domain/JSON"),
        // The model: titles, pages, queries, page providers, watch marks, the embedded catalog.
        .target(name: "Catalog", dependencies: [textFormat, "SearchText"], path: "Sources/Domain/Catalog"),
        // JSON Lines catalog files: read line by line with their problems located, and written.
        .target(name: "CatalogFile", dependencies: ["Catalog", "JSON"], path: "Sources/Domain/CatalogFile"),
        // The catalog list: paging, search, selection, details.
        .target(name: "Browser", dependencies: [spin, "Catalog"], path: "Sources/Domain/Browser"),
        // The player: HUD, seeking, skip intro, up next, media that loads; the engine seam.
        .target(name: "Player", dependencies: [spin, "Catalog"], path: "Sources/Domain/Player"),
        // Offline downloads: a queue of titles fetched in parts, progress, retries.
        .target(name: "Downloads", dependencies: [spin, "Catalog"], path: "Sources/Domain/Downloads"),
    ]
}

// MARK: Adapters: the outside world (processes, mpv, files, SQLite, HTTP) behind small protocols

var adapters: [Target] {
    [
        // posix_spawn's GNU extensions (own session, close other fds), which Glibc's module hides.
        .target(name: "CProcessSpawn", path: "Modules/CProcessSpawn"),
        // Child processes: spawn, reap, find on PATH; threads of their own.
        .target(name: "ProcessControl", dependencies: ["CProcessSpawn"], path: "Sources/Adapters/ProcessControl"),
        // Plays titles in a real mpv, driven over its JSON IPC (a socketpair, fd 3 in the child).
        .target(name: "MPV", dependencies: ["JSON", "Player", "Catalog", spin, "ProcessControl"],
                path: "Sources/Adapters/MPV"),
        // Media folders: finding media files, reading their names, probing them with ffprobe.
        .target(name: "MediaScan", dependencies: ["JSON", "SearchText", "Catalog", "ProcessControl"], path: "Sources/Adapters/MediaScan"),
        // The library in SQLite (GRDB): scanned folders and imported catalogs, paged by keyset,
        // searched with FTS5.
        .target(name: "Library", dependencies: ["CatalogFile", "SearchText", "Catalog", "MediaScan", "ProcessControl", textFormat, grdb,
            // SQLite itself, for the change counter's one statement (`LibraryChangeCounter`).
            .product(name: "GRDBSQLite", package: "GRDB.swift")], path: "Sources/Adapters/Library"),
        // The HTTP API of `spindle serve`: the JSON both the server and its client speak.
        .target(name: "ServerWire", dependencies: ["Catalog", "JSON"], path: "Sources/Adapters/ServerWire"),
        // `spindle serve`: the library over HTTP (Hummingbird), paged, searched, with the files.
        .target(name: "Server", dependencies: ["CatalogFile", "JSON", 
            "Library", "MediaScan", "ServerWire", "Catalog", textFormat, logging,
            // Posters served as PNG (libpng through the toolkit's pictures): spindle-full's alone.
            spindleUIPictures,
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            // The files' bytes, read by NIO's file system (what Hummingbird's FileIO reads with).
            .product(name: "_NIOFileSystem", package: "swift-nio"),
            // SHA-256 of the token, for its clients' watch state (built already for the TLS stack).
            .product(name: "Crypto", package: "swift-crypto"),
        ] + nio.prefix(2), path: "Sources/Adapters/Server"),
        // The client of `spindle serve`: its pages over HTTP (AsyncHTTPClient, no redirects, no
        // retries), and the HTTP client the downloader shares.
        .target(name: "ServerClient", dependencies: ["JSON", "Catalog", "ServerWire", httpClient] + nio,
                path: "Sources/Adapters/ServerClient"),
        // Downloads a file to disk: streamed to FINAL.part, fsynced, renamed when whole, resumed
        // with Range/If-Range (HTTP, and file:// copies).
        .target(name: "FileDownload", dependencies: ["JSON", "Catalog", "ServerWire", "ServerClient", textFormat, httpClient] + nio,
                path: "Sources/Adapters/FileDownload"),
        // The real DownloadSource: a title's parts fetched by FileDownload into a folder of its
        // own, resumed after a failure, a cancel or a restart.
        .target(name: "OfflineDownloads", dependencies: ["JSON", "Downloads", "Catalog", "FileDownload", "ServerWire"],
                path: "Sources/Adapters/OfflineDownloads"),
    ]
}

// MARK: The app: state, keys and views; the command line; the binaries

var app: [Target] {
    [
        // The app's state, key map, views and feedbacks, as a library so tests drive it headless.
        .target(name: "AppCore", dependencies: ["JSON", "SearchText", spindleUI, spin, spinJournal, terminal, textFormat, "Catalog", "Browser", "Player", "Downloads"],
                path: "Sources/App/AppCore"),
        // The configuration file (config.toml): its TOML, keys, colours, settings and mistakes.
        .target(name: "AppConfig", dependencies: ["AppCore", terminal], path: "Sources/App/AppConfig"),
        // What the command line asks of the library's part, which only spindle-full has: the
        // interface AppLibrary implements and spindle-full passes to the command line; and the
        // inert lines both print.
        .target(name: "LibraryInterface", dependencies: ["AppCore", "Catalog", "Downloads", spin, terminal],
                path: "Sources/App/LibraryInterface"),
        // The command line, shared by both binaries.
        .target(name: "AppCommandLine", dependencies: ["CatalogFile", 
            "AppCore", "AppConfig", "LibraryInterface", spin, spinJournal, terminal, "Catalog", "Browser", "Player", "MPV", "Downloads", "MediaScan", "ProcessControl",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/App/AppCommandLine"),
        // The library's part of the app: the scan as a feedback, the provider, the import, serve.
        .target(name: "AppLibrary", dependencies: ["CatalogFile", 
            "LibraryInterface", "AppCore", "Library", "MediaScan", "Catalog", spin, spinJournal, spindleUI, "ServerClient", "Server", "ServerWire",
            "ProcessControl", "Downloads", "OfflineDownloads", logging,
            // Posters in the terminal (libchafa): spindle-full's alone, so that the embedded
            // catalog's spindle links none of it.
            spindleUIPictures, terminal,
        ], path: "Sources/App/AppLibrary"),
        .executableTarget(name: "spindle", dependencies: ["AppCommandLine"], path: "Sources/App/spindle"),
        // Swift concurrency's global jobs on NIO's event loops (`EventLoopConcurrency`), through
        // the runtime's hook, which a C target links to.
        .target(name: "ConcurrencyHook", path: "Sources/App/ConcurrencyHook"),
        .executableTarget(name: "spindle-full", dependencies: ["AppCommandLine", "AppLibrary", "LibraryInterface", "ConcurrencyHook",
                                                               .product(name: "NIOPosix", package: "swift-nio"),
                                                               .product(name: "NIOCore", package: "swift-nio")],
                          path: "Sources/App/spindle-full"),
    ] + probeHelper
}

// MARK: The scan's probe helper: C over libavformat, beside spindle-full (ffprobe where it is not built)

/// Whether libavformat's headers are here (`make deps` installs libavformat-dev): without them
/// the helper is left out, and the scan starts ffprobe once per file.
let hasLibavformat = ["/usr/include/x86_64-linux-gnu/libavformat/avformat.h", "/usr/include/aarch64-linux-gnu/libavformat/avformat.h",
                      "/usr/include/libavformat/avformat.h"].contains { FileManager.default.fileExists(atPath: $0) }
var probeHelper: [Target] {
    guard hasLibavformat else { return [] }
    return [
        .executableTarget(name: "spindle-probe", path: "Sources/Helpers/spindle-probe",
                          cSettings: [.unsafeFlags(["-Wall", "-Wextra"])],
                          linkerSettings: [.linkedLibrary("avformat"), .linkedLibrary("avutil")]),
    ]
}
let probeHelperTarget: [Target.Dependency] = hasLibavformat ? ["spindle-probe"] : []

// MARK: Test support: generated media, temporary folders, fault-injecting servers

var testing: [Target] {
    [
        // The media the tests play, generated by ffmpeg into a cache on first use (never
        // committed), and temporary folders.
        .target(name: "TestSupport", dependencies: ["ProcessControl", spinTesting], path: "Sources/TestSupport/TestSupport"),
        // HTTP servers on 127.0.0.1 with faults (drops, lies, stalls, ignored ranges, garbage).
        .target(name: "TestServers", dependencies: ["TestSupport"] + nio, path: "Sources/TestSupport/TestServers"),
    ]
}

// MARK: Benchmarks (`make bench`; Benchmarks/bench.py drives them)

var benchmarks: [Target] {
    [
        // The library with a million generated titles.
        .executableTarget(name: "LibraryBenchmark", dependencies: ["CatalogFile", "Library", "Catalog"],
                          path: "Benchmarks/Sources/LibraryBenchmark"),
        // Serves a generated library for load tests (Benchmarks/load.lua with wrk).
        .executableTarget(name: "ServerBenchmark", dependencies: ["Server", "ServerWire", "Library", "Catalog", logging],
                          path: "Benchmarks/Sources/ServerBenchmark"),
        // A 1 GB loopback download.
        .executableTarget(name: "DownloadBenchmark", dependencies: [
            "FileDownload", "TestServers", "OfflineDownloads", "Downloads", "Catalog", spin,
        ], path: "Benchmarks/Sources/DownloadBenchmark"),
    ]
}

// MARK: Tests (the toolkit's own are in Toolkit/Tests, the examples' in Examples/*/Tests)

var tests: [Target] {
    [
        .testTarget(name: "CatalogTests", dependencies: ["CatalogFile", "JSON", "SearchText", "Catalog", textFormat, clocks, "TestSupport"], path: "Tests/Domain/CatalogTests"),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "Catalog", spin, spinTesting, clocks],
                    path: "Tests/Domain/BrowserTests"),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "Catalog", spin, spinTesting, clocks],
                    path: "Tests/Domain/PlayerTests"),
        .testTarget(name: "DownloadsTests", dependencies: ["Downloads", "Catalog", spin, spinJournal, spinTesting, clocks, "TestSupport"],
                    path: "Tests/Domain/DownloadsTests"),

        .testTarget(name: "MPVTests", dependencies: ["JSON", spinTesting, "MPV", "Player", "Catalog", "ProcessControl", "TestSupport"],
                    path: "Tests/Adapters/MPVTests"),
        .testTarget(name: "MediaScanTests", dependencies: [spinTesting, "MediaScan", "Catalog", "TestSupport"] + probeHelperTarget,
                    path: "Tests/Adapters/MediaScanTests"),
        .testTarget(name: "LibraryTests", dependencies: ["CatalogFile", "SearchText", spinTesting, "Library", "MediaScan", "Catalog", "TestSupport", "ProcessControl", grdb],
                    path: "Tests/Adapters/LibraryTests"),
        .testTarget(name: "ServerTests", dependencies: [spinTesting,
            "Server", "ServerWire", "ServerClient", "Library", "MediaScan", "Catalog", logging, "TestSupport", spindleUIPictures,
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
        ],
                    path: "Tests/Adapters/ServerTests"),
        .testTarget(name: "ServerClientTests", dependencies: [spinTesting,
            "ServerClient", "ServerWire", "Catalog", "Browser", httpClient, "TestServers", "TestSupport",
        ] + nio, path: "Tests/Adapters/ServerClientTests"),
        .testTarget(name: "FileDownloadTests", dependencies: [spinTesting, "FileDownload", "TestServers", "TestSupport"] + nio,
                    path: "Tests/Adapters/FileDownloadTests"),
        .testTarget(name: "OfflineDownloadsTests", dependencies: [spinTesting,
            "OfflineDownloads", "Downloads", "Catalog", "FileDownload", "TestServers",
            "Server", "Library", "ServerClient", "TestSupport", "ProcessControl", logging,
        ], path: "Tests/Adapters/OfflineDownloadsTests"),

        .testTarget(name: "AppCoreTests", dependencies: ["JSON", 
            "AppCore", spindleUI, spindleUITesting, textFormat, "Browser", "Catalog", "Player", terminal, terminalTesting,
            spin, spinJournal, spinTesting, "Downloads", clocks, "TestSupport",
        ], path: "Tests/App/AppCoreTests", exclude: ["__Snapshots__", "Fixtures"]),
        .testTarget(name: "AppLibraryTests", dependencies: ["CatalogFile", spinTesting,
            "AppLibrary", "Library", "MediaScan", "Catalog", "AppCore", "AppCommandLine", "TestSupport",
            "TestServers", "ServerWire", "Downloads", "OfflineDownloads", "Server", "ServerClient", spindleUIPictures, logging,
        ], path: "Tests/App/AppLibraryTests"),
        .testTarget(name: "AppConfigTests", dependencies: ["AppConfig", "AppCore", terminal],
                    path: "Tests/App/AppConfigTests"),
        .testTarget(name: "AppCommandLineTests", dependencies: [
            "AppCommandLine", "AppCore", "AppConfig", "TestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Tests/App/AppCommandLineTests"),
        .testTarget(name: "EndToEndTests", dependencies: [spinTesting, "spindle", "spindle-full", "TestSupport", "TestServers", "Library", grdb]
                        + probeHelperTarget,
                    path: "Tests/App/EndToEndTests"),
    ]
}

let package = Package(
    name: "Spindle",
    products: [
        .executable(name: "spindle", targets: ["spindle"]),
        // The same app with the library (SQLite via GRDB, which brings Foundation): `spindle`
        // starts it in its place for the commands that need it.
        .executable(name: "spindle-full", targets: ["spindle-full"]),
    ] + (hasLibavformat ? [.executable(name: "spindle-probe", targets: ["spindle-probe"])] : []),
    dependencies: [
        .package(path: "Toolkit"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // AsyncHTTPClient's and Hummingbird's own dependencies, named for the server's shutdown
        // and the tests' fault-injecting servers.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The server's connection guard reads HTTP parts (NIOHTTPTypes) and its TLS is NIOSSL's.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3" ..< "5.0.0"),
    ],
    targets: domain + adapters + app + testing + benchmarks + tests,
    swiftLanguageModes: [.v6]
)
