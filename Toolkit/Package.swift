// swift-tools-version: 6.0
import PackageDescription

// Spindle's toolkit: what any keyboard-driven terminal app is built of, with no dependency on the
// Spindle app. A third party depends on this package alone:
//
//     .package(path: "…/spindle/Toolkit")   // or the repository's URL, `path: "Toolkit"` inside it
//
// Layers point down only: SpindleUI -> (Spin, Terminal) -> CNCursesW; SpinJournal -> Spin;
// SpindleUIPictures -> (Terminal, CChafa, CZlib, CPNG). Spin knows no terminal and no file.
let package = Package(
    name: "SpindleToolkit",
    products: [
        // Feedback loops: state, pure reducer, feedbacks (the only place where effects run).
        .library(name: "Spin", targets: ["Spin"]),
        // A spin's durable memory: the journal (restored after a restart), recordings and replays,
        // and the crash-safe file writes beneath them.
        .library(name: "SpinJournal", targets: ["SpinJournal"]),
        // The test store and virtual time for a spin's tests.
        .library(name: "SpinTesting", targets: ["SpinTesting"]),
        // A reducer decorator that logs each event with the state diff it caused.
        .library(name: "SpinLogging", targets: ["SpinLogging"]),
        // The screen: lifecycle, drawing by display column, keys, colours, a headless screen.
        .library(name: "Terminal", targets: ["Terminal"]),
        // Text snapshots of headless screens (`expectSnapshot`).
        .library(name: "TerminalTesting", targets: ["TerminalTesting"]),
        // Counts and sizes as people read them: "5,000", "12 titles", "8.1 MB".
        .library(name: "TextFormat", targets: ["TextFormat"]),
        // The UI feedback (a spin bound to a screen) and the widgets.
        .library(name: "SpindleUI", targets: ["SpindleUI"]),
        // `HeadlessDriver`: an app on a headless screen with virtual time, for its tests.
        .library(name: "SpindleUITesting", targets: ["SpindleUITesting"]),
        // Pictures (kitty graphics, sixel, half blocks) through libchafa and zlib: apart, so that an
        // app without pictures links neither libchafa, glib nor zlib.
        .library(name: "SpindleUIPictures", targets: ["SpindleUIPictures"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    ],
    targets: [
        // The system's ncursesw, with shims for what Swift cannot import. No pkg-config: its
        // -D flags are refused in a dependency, so the shim defines what they would.
        .systemLibrary(name: "CNCursesW", path: "Modules/CNCursesW", providers: [.apt(["libncursesw5-dev"])]),
        // Async-signal-safe terminal restoration (signal handlers must not run Swift code).
        .target(name: "CTerminalRestore", path: "Modules/CTerminalRestore"),
        .target(name: "Terminal", dependencies: ["CNCursesW", "CTerminalRestore"]),
        .target(name: "TerminalTesting", dependencies: ["Terminal"]),

        // A thread-local pointer for Spin's drain (plain C: a load, not a function call).
        .target(name: "CSpinSupport", path: "Modules/CSpinSupport"),
        .target(name: "Spin", dependencies: ["CSpinSupport"]),
        // Gives glibc's free memory back after a large snapshot is encoded (malloc_trim).
        .target(name: "CSpinJournalSupport", path: "Modules/CSpinJournalSupport"),
        // Journals and recordings: Foundation's JSON coders, POSIX files, fsync. Spin knows
        // nothing of them; they attach to a spin as feedbacks.
        .target(name: "SpinJournal", dependencies: ["Spin", "CSpinJournalSupport"]),
        // Apart from Spin: its diffs need CustomDump, which brings in Foundation.
        .target(name: "SpinLogging", dependencies: [
            "Spin",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CustomDump", package: "swift-custom-dump"),
        ]),
        .target(name: "SpinTesting", dependencies: [
            "Spin",
            .product(name: "CustomDump", package: "swift-custom-dump"),
        ]),
        // Spin's cost per event, beside a bare loop (`make bench` runs it; not a product, so an
        // app that depends on the toolkit does not build it).
        .executableTarget(name: "SpinBenchmark", dependencies: ["Spin", "SpinJournal", "SpinTesting"]),

        .target(name: "TextFormat"),
        .target(name: "SpindleUI", dependencies: ["Spin", "Terminal", "TextFormat"]),
        .target(name: "SpindleUITesting", dependencies: ["SpindleUI", "SpinTesting", "Spin", "Terminal"]),
        // The system's libchafa (and glib beneath it); its pkg-config gives include paths only.
        .systemLibrary(name: "CChafa", path: "Modules/CChafa", pkgConfig: "chafa",
                       providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        // The system's zlib: the kitty output's deflate (`o=z`).
        .systemLibrary(name: "CZlib", path: "Modules/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // PNG in and out: the system's libpng 1.6 (its simplified API); pkg-config gives the include path.
        .systemLibrary(name: "CPNG", path: "Modules/CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "SpindleUIPictures", dependencies: ["Terminal", "CChafa", "CZlib", "CPNG"]),

        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TerminalTesting"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "SpindleUITests", dependencies: ["SpindleUI", "Terminal", "TerminalTesting", "Spin", "SpindleUITesting"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "SpindleUIPicturesTests", dependencies: ["SpindleUIPictures", "Terminal", "CZlib"]),
        .testTarget(name: "SpinTests", dependencies: [
            "Spin", "SpinJournal", "SpinTesting", "SpinLogging", .product(name: "Clocks", package: "swift-clocks"),
            .product(name: "Logging", package: "swift-log"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)

// `make docs` (SPINDLE_DOCS=1) adds the DocC plugin: `swift package generate-documentation`. An app
// that depends on the toolkit never fetches it.
if Context.environment["SPINDLE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
