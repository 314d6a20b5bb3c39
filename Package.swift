// swift-tools-version: 6.0
import PackageDescription

// Layers point down only:
//   spindle (app) -> SpindleUI (UI feedback) -> Spin, Terminal -> CNCursesW
//   Browser / Player / Downloads (domain state machines) -> Spin, Catalog
let package = Package(
    name: "Spindle",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "spindle", targets: ["spindle"]),
        // The same app with the library (SQLite via GRDB, which brings Foundation): `spindle`
        // starts it in its place for the commands that need it.
        .executable(name: "spindle-full", targets: ["spindle-full"]),
        .library(name: "Spin", targets: ["Spin"]),
        .library(name: "SpinTesting", targets: ["SpinTesting"]),
        // The logging decorator, apart: its diffs need CustomDump, which brings in Foundation
        // and FoundationNetworking (curl, TLS), which no app should load at every start.
        .library(name: "SpinLogging", targets: ["SpinLogging"]),
        .library(name: "Terminal", targets: ["Terminal"]),
        .library(name: "SpindleUI", targets: ["SpindleUI"]),
        .library(name: "SpindleUITesting", targets: ["SpindleUITesting"]),
        // Text snapshots of headless screens (`expectSnapshot`), for apps' own tests.
        .library(name: "TerminalTesting", targets: ["TerminalTesting"]),
        // Examples: apps built on the public products only, as a third party would build them.
        .executable(name: "todo", targets: ["todo"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // AsyncHTTPClient's and Hummingbird's own dependencies, named for the server's shutdown
        // and the tests' fault-injecting servers.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The system's ncursesw, with shims for what Swift cannot import.
        .systemLibrary(
            name: "CNCursesW",
            path: "Modules/CNCursesW",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // Async-signal-safe terminal restoration (signal handlers must not run Swift code).
        .target(name: "CTerminalRestore", path: "Modules/CTerminalRestore"),
        .target(name: "Terminal", dependencies: ["CNCursesW", "CTerminalRestore"]),
        // Snapshot files for headless screens, shared by the test targets.
        .target(name: "TerminalTesting", dependencies: ["Terminal"]),

        // A thread-local pointer for Spin's drain (plain C: a load, not a function call).
        .target(name: "CSpinSupport", path: "Modules/CSpinSupport"),
        .target(name: "Spin", dependencies: ["CSpinSupport"]),
        .target(name: "SpinLogging", dependencies: [
            "Spin",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CustomDump", package: "swift-custom-dump"),
        ]),
        .target(name: "SpinTesting", dependencies: [
            "Spin",
            .product(name: "Clocks", package: "swift-clocks"),
            .product(name: "CustomDump", package: "swift-custom-dump"),
        ]),
        .executableTarget(name: "SpinBenchmark", dependencies: ["Spin", "SpinTesting"]),

        .target(name: "Catalog"),
        .target(name: "Browser", dependencies: ["Spin", "Catalog"]),
        .target(name: "Player", dependencies: ["Spin", "Catalog"]),
        // Offline downloads (issue 14): a queue of titles fetched in parts, progress, retries.
        .target(name: "Downloads", dependencies: ["Spin", "Catalog"]),
        // Plays titles in a real mpv, driven over its JSON IPC (a socketpair, fd 3 in the child).
        .target(name: "MPV", dependencies: ["Player", "Catalog", "Spin", "CMPVSpawn", "ProcessSupport"]),
        // Child processes and threads of their own, shared by MPV and MediaScan.
        .target(name: "ProcessSupport", dependencies: ["CMPVSpawn"]),
        // posix_spawn's GNU extensions (own session, close other fds), which Glibc's module hides.
        .target(name: "CMPVSpawn", path: "Modules/CMPVSpawn"),

        // Media folders: finding media files, reading their names and probing them with ffprobe.
        .target(name: "MediaScan", dependencies: ["Catalog", "CMPVSpawn", "ProcessSupport"]),
        // The library in SQLite (GRDB): scanned folders and imported catalogs, paged by keyset,
        // searched with FTS5.
        .target(name: "Library", dependencies: [
            "Catalog", "MediaScan", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // Measures the library with a million generated titles (`swift run -c release LibraryBenchmark`).
        .executableTarget(name: "LibraryBenchmark", dependencies: ["Library", "Catalog"]),

        // The HTTP API of `spindle serve`: the JSON both the server and the client speak.
        .target(name: "LibraryWire", dependencies: ["Catalog"]),
        // The client of `spindle serve`: a page provider over HTTP (AsyncHTTPClient), and the token.
        // The HTTP client the catalog client and the downloader share (no redirects, no retries).
        .target(name: "HTTPClientSupport", dependencies: [
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .target(name: "RemoteCatalog", dependencies: [
            "Catalog", "LibraryWire", "HTTPClientSupport",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // Downloads a file to disk: streamed to FINAL.part, fsynced, renamed when whole, resumed
        // with Range/If-Range (HTTP over AsyncHTTPClient, and file:// copies).
        .target(name: "FileDownload", dependencies: [
            "LibraryWire", "HTTPClientSupport",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // The real DownloadSource: a title's parts fetched by FileDownloader into a folder of
        // its own, resumed after a failure, a cancel or a restart.
        .target(name: "OfflineDownloads", dependencies: ["Downloads", "Catalog", "FileDownload", "LibraryWire"]),
        // A file server on 127.0.0.1 with faults (drops, lies, stalls, ignored ranges), whose
        // bodies can be generated on the fly: for FileDownload's tests and its benchmark.
        .target(name: "FileDownloadTesting", dependencies: [
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // Measures a 1 GB loopback download (`swift run -c release DownloadBenchmark`).
        .executableTarget(name: "DownloadBenchmark", dependencies: [
            "FileDownload", "FileDownloadTesting", "OfflineDownloads", "Downloads", "Catalog", "Spin",
        ]),
        // `spindle serve`: the library over HTTP (Hummingbird), paged, searched, with the files.
        .target(name: "LibraryServer", dependencies: [
            "Library", "LibraryWire", "Catalog",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // Serves a generated library for load tests (Benchmarks/load.lua with wrk).
        .executableTarget(name: "LibraryServerBenchmark", dependencies: [
            "LibraryServer", "Library", "Catalog", .product(name: "Logging", package: "swift-log"),
        ]),

        // The UI feedback: binds a spin to a screen.
        .target(name: "SpindleUI", dependencies: ["Spin", "Terminal"]),
        // Drives a UI and its spin on a headless screen with virtual time, for tests.
        .target(name: "SpindleUITesting", dependencies: ["SpindleUI", "SpinTesting", "Spin", "Terminal"]),
        // The app: state, key map, views and effects, as a library so tests drive it headless.
        .target(name: "SpindleApp", dependencies: ["SpindleUI", "Spin", "Terminal", "Catalog", "Browser", "Player", "Downloads"]),
        // The command line, shared by both binaries.
        .target(name: "SpindleCLI", dependencies: [
            "SpindleApp", "Spin", "Terminal", "Catalog", "Player", "MPV", "Downloads",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "spindle", dependencies: ["SpindleCLI"]),
        // The library's part of the app: the scan as a feedback, the provider, the import.
        .target(name: "LibraryApp", dependencies: [
            "SpindleCLI", "SpindleApp", "Library", "MediaScan", "Catalog", "Spin", "RemoteCatalog", "LibraryServer",
            "ProcessSupport", "Downloads", "OfflineDownloads",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "spindle-full", dependencies: ["SpindleCLI", "LibraryApp"]),

        // Examples/: each app's state, reducer and view as a library (tested headless), and a
        // thin executable that runs it in the terminal. They import public products only.
        .target(name: "TodoKit", dependencies: ["Spin", "SpindleUI", "Terminal"], path: "Examples/TodoKit"),
        .executableTarget(name: "todo", dependencies: ["TodoKit", "Spin", "SpindleUI", "Terminal"], path: "Examples/todo"),

        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TerminalTesting"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "SpindleUITests", dependencies: ["SpindleUI", "Terminal", "TerminalTesting"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "SpinTests", dependencies: [
            "Spin", "SpinTesting", "SpinLogging", .product(name: "Clocks", package: "swift-clocks"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "CatalogTests", dependencies: [
            "Catalog", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "BrowserTests", dependencies: [
            "Browser", "Catalog", "Spin", "SpinTesting",
            .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "DownloadsTests", dependencies: [
            "Downloads", "Catalog", "Spin", "SpinTesting", .product(name: "Clocks", package: "swift-clocks"),
        ]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "Catalog", "Spin", "SpinTesting", .product(name: "Clocks", package: "swift-clocks")]),
        // The media the tests play, generated by ffmpeg into a cache on first use (never committed).
        .target(name: "TestMediaSupport", path: "Tests/TestMediaSupport"),
        .testTarget(name: "MediaScanTests", dependencies: ["MediaScan", "Catalog", "TestMediaSupport"]),
        .testTarget(name: "LibraryTests", dependencies: ["Library", "MediaScan", "Catalog", "TestMediaSupport"]),
        .testTarget(name: "LibraryServerTests", dependencies: [
            "LibraryServer", "LibraryWire", "Library", "Catalog",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .testTarget(name: "LibraryAppTests", dependencies: [
            "LibraryApp", "Library", "MediaScan", "Catalog", "SpindleApp", "SpindleCLI", "TestMediaSupport",
        ]),
        .testTarget(name: "RemoteCatalogTests", dependencies: [
            "RemoteCatalog", "LibraryWire", "Catalog", "Browser",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), "FileDownloadTesting",
        ]),
        .testTarget(name: "FileDownloadTests", dependencies: ["FileDownload", "FileDownloadTesting"]),
        .testTarget(name: "OfflineDownloadsTests", dependencies: [
            "OfflineDownloads", "Downloads", "Catalog", "FileDownload", "FileDownloadTesting",
            "LibraryServer", "Library", "RemoteCatalog", "TestMediaSupport",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "MPVTests", dependencies: ["MPV", "Player", "Catalog", "TestMediaSupport"]),
        .testTarget(name: "SpindleAppTests", dependencies: [
            "SpindleApp", "SpindleUI", "SpindleUITesting", "Browser", "Catalog", "Player", "Terminal", "TerminalTesting", "Spin", "SpinTesting", "Downloads",
            .product(name: "Clocks", package: "swift-clocks"),
        ], exclude: ["__Snapshots__"]),
        .testTarget(name: "EndToEndTests", dependencies: ["spindle", "spindle-full", "TestMediaSupport", "FileDownloadTesting"]),
        .testTarget(name: "ExamplesTests", dependencies: [
            "TodoKit", "Spin", "SpinTesting", "SpindleUI", "SpindleUITesting", "Terminal", "TerminalTesting",
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
