// swift-tools-version: 6.0
import PackageDescription

// A todo list built the way a third party builds on Spindle: this package depends on the
// toolkit alone (Toolkit/ in the repository, by path here; by URL from elsewhere), so its build
// fetches and compiles no part of the Spindle app (no SQLite, no SwiftNIO, no HTTP).
let package = Package(
    name: "Todo",
    products: [
        .executable(name: "todo", targets: ["todo"]),
    ],
    dependencies: [
        .package(path: "../../Toolkit"),
    ],
    targets: [
        // The app's state, reducer, keys and view, as a library so its tests drive it headless.
        .target(name: "TodoKit", dependencies: [
            .product(name: "Spin", package: "Toolkit"),
            .product(name: "SpindleUI", package: "Toolkit"),
            .product(name: "Terminal", package: "Toolkit"),
        ]),
        // The thin executable that runs it in the terminal.
        .executableTarget(name: "todo", dependencies: [
            "TodoKit",
            .product(name: "Spin", package: "Toolkit"),
            .product(name: "SpindleUI", package: "Toolkit"),
            .product(name: "Terminal", package: "Toolkit"),
        ]),
        .testTarget(name: "TodoTests", dependencies: [
            "TodoKit",
            .product(name: "Spin", package: "Toolkit"),
            .product(name: "SpinTesting", package: "Toolkit"),
            .product(name: "SpindleUITesting", package: "Toolkit"),
            .product(name: "Terminal", package: "Toolkit"),
            .product(name: "TerminalTesting", package: "Toolkit"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
