// Measures the library with generated titles, in release:
//
//     swift run -c release LibraryBenchmark [titles] [folder]
//
// Generates the titles into a new library (or reuses folder/library.sqlite), then times opening
// and the first page, pages at the start, the middle and the end, searches, and the import of
// a catalog file of as many lines, first and again.
import Catalog
import Foundation
import Library

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
let folder = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : NSTemporaryDirectory() + "/spindle-library-bench"
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let path = folder + "/library.sqlite"
let clock = ContinuousClock()

func milliseconds(_ duration: Duration) -> String {
    String(format: "%.1f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
}

func microseconds(_ duration: Duration, per count: Int) -> String {
    String(format: "%.0f µs", (Double(duration.components.attoseconds) / 1e12 + Double(duration.components.seconds) * 1e6) / Double(count))
}

func peakMemory() -> String {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").first { $0.hasPrefix("VmHWM") }.map(String.init) ?? "?"
}

if !FileManager.default.fileExists(atPath: path) {
    let database = try LibraryDatabase(path: path)
    let elapsed = try await clock.measure { try await database.generateTitles(count: count) }
    print("generate \(count) titles: \(milliseconds(elapsed))")
    try database.close()
}
print("after generating: \(peakMemory())")

var opened: LibraryDatabase?
var firstPage: Page?
let openTime = try await clock.measure {
    let database = try LibraryDatabase(path: path)
    firstPage = try await LibraryProvider(database: database).page(PageRequest(pageSize: 50))
    opened = database
}
let database = opened!
print("open + first page (\(firstPage!.items.count) titles): \(milliseconds(openTime))")
let provider = LibraryProvider(database: database)

for row in [0, count / 2, count - 60] {
    let cursor = try await provider.cursor(atRow: row)
    let rounds = 500
    let elapsed = try await clock.measure {
        for _ in 0 ..< rounds { _ = try await provider.page(PageRequest(cursor: cursor, pageSize: 50)) }
    }
    print("page of 50 at row \(row): \(microseconds(elapsed, per: rounds))")
}

// Every keystroke of a search is a first page; "amelie drama" has ~1,600 matches (looked up),
// "amelie of" ~2,900 (walked); 青 matches ~4,400 titles, nearly all at the end of the order.
for query in ["a", "t", "th", "the", "ni", "ame", "amelie", "amelie montr", "the a", "amelie drama", "amelie of",
              "docu", "青", "night", "zzzz"] {
    var page: Page?
    let rounds = 20
    let elapsed = try await clock.measure {
        for _ in 0 ..< rounds { page = try await provider.page(PageRequest(query: query, pageSize: 50)) }
    }
    var second = Duration.zero
    if let next = page?.next {
        second = try await clock.measure {
            for _ in 0 ..< rounds { _ = try await provider.page(PageRequest(query: query, cursor: next, pageSize: 50)) }
        }
    }
    print("search \"\(query)\" first page (\(page!.items.count)\(page!.next == nil ? "" : "+")): \(microseconds(elapsed, per: rounds)), second page: \(microseconds(second, per: rounds))")
}

// Pages further into a dense search: the cursor of page 50 is found by paging there.
for query in ["the", "a"] {
    var request = PageRequest(query: query, pageSize: 50)
    for number in 1 ... 50 {
        if number == 2 || number == 50 {
            let rounds = 20
            let current = request
            let elapsed = try await clock.measure {
                for _ in 0 ..< rounds { _ = try await provider.page(current) }
            }
            print("search \"\(query)\" page \(number): \(microseconds(elapsed, per: rounds))")
        }
        guard let next = try await provider.page(request).next else { break }
        request.cursor = next
    }
}

let upNext = try await clock.measure {
    for index in stride(from: 3, to: 4_000, by: 4) {
        _ = try await provider.title(after: "gen" + String(format: "%07d", index), query: "")
    }
}
print("title(after:): \(microseconds(upNext, per: 1_000))")
try database.close()
print("after browsing: \(peakMemory())")

// Import a catalog of `count` lines into a new library, then again (unchanged: nothing read).
let catalog = folder + "/catalog.jsonl"
if !FileManager.default.fileExists(atPath: catalog) {
    try JSONLinesCatalog.write(EmbeddedCatalog.titles(count: count), toFile: catalog)
}
let importPath = folder + "/import.sqlite"
for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: importPath + suffix) }
let importing = try LibraryDatabase(path: importPath)
var outcome: CatalogImportOutcome?
let importTime = try await clock.measure { outcome = try await LibraryImport.importCatalog(path: catalog, into: importing) }
let seconds = Double(importTime.components.seconds) + Double(importTime.components.attoseconds) / 1e18
print("import \(count) lines: \(milliseconds(importTime)) (\(Int(Double(count) / seconds)) lines/s), \(outcome!)")
try importing.close()
let again = try await clock.measure {
    let database = try LibraryDatabase(path: importPath)
    outcome = try await LibraryImport.importCatalog(path: catalog, into: database)
    _ = try await LibraryProvider(database: database).page(PageRequest(pageSize: 50))
}
print("open + import again + first page: \(milliseconds(again)), \(outcome!)")
print("at the end: \(peakMemory())")
