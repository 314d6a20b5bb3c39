// swift-tools-version: 6.0
import PackageDescription

// A process browser, the toolkit's second example: like Examples/Todo it depends on the toolkit
// alone. It shows what the todo list does not: a table of cells, a constraint layout, a bordered
// pane of wrapped text, a sparkline and a repeating timer. Its state, reducer, layout, view and
// keys (ProcessState, ProcessReducer, ProcessLayout, ProcessView, ProcessKeys) are 196 lines of
// code together, 213 with the events (ProcessEvent): blank and comment lines not counted
// (`grep -cvE '^\s*(//.*)?$'`); 245 and 266 lines with them.
let package = Package(
    name: "Processes",
    products: [
        .executable(name: "processes", targets: ["processes"]),
    ],
    dependencies: [
        .package(path: "../../Toolkit"),
    ],
    targets: [
        // Reading /proc, the state, reducer, keys and view: a library, so tests drive it headless.
        .target(name: "ProcessesKit", dependencies: [
            .product(name: "Spin", package: "Toolkit"),
            .product(name: "SpindleUI", package: "Toolkit"),
            .product(name: "Terminal", package: "Toolkit"),
            .product(name: "TextFormat", package: "Toolkit"),
        ]),
        // The thin executable that runs it in the terminal.
        .executableTarget(name: "processes", dependencies: [
            "ProcessesKit",
            .product(name: "Spin", package: "Toolkit"),
            .product(name: "SpindleUI", package: "Toolkit"),
            .product(name: "Terminal", package: "Toolkit"),
        ]),
        .testTarget(name: "ProcessesTests", dependencies: [
            "ProcessesKit",
            .product(name: "Spin", package: "Toolkit"),
            .product(name: "SpinTesting", package: "Toolkit"),
            .product(name: "SpindleUITesting", package: "Toolkit"),
            .product(name: "Terminal", package: "Toolkit"),
            .product(name: "TerminalTesting", package: "Toolkit"),
        ], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
