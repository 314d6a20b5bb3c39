// Measures the library with generated titles, in release:
//
//     swift run -c release LibraryBenchmark [titles] [folder] [--paging-only]
//
// Generates the titles into a new library (or reuses folder/library.sqlite), then times opening
// and the first page, pages at the start, the middle and the end, the last page read from the
// list's end (with its count), searches (and each search path forced), and the import of a
// catalog file of as many lines, first and again.
//
// `--json` (anywhere) only parses a catalog of as many lines with the catalog's parser and with
// JSONDecoder, in turn, and prints the lines per second of each (`compareJSON`).
//
// `--paging-only` (anywhere) prints only the open + first page line, the pages at the start,
// the middle and the end, and the last pages, on the library already in the folder; a count of
// 0 means the number of titles it holds (what `make bench` uses).
//
// `--search-pages` (anywhere) pages through every match of a few searches, forward, on the
// library already in the folder, and prints each search's pages, their median and slowest
// cost, and the row the slowest began at; then a search typed a letter at a time, each key's
// first page.
import Catalog
import CatalogFile
import Foundation
import Library

let pagingOnly = CommandLine.arguments.contains("--paging-only")
let searchPages = CommandLine.arguments.contains("--search-pages")
let arguments = CommandLine.arguments.dropFirst().filter { !["--paging-only", "--json", "--search-pages"].contains($0) }
var count = arguments.first.flatMap { Int($0) } ?? 1_000_000
let folder = arguments.dropFirst().first ?? NSTemporaryDirectory() + "/spindle-library-bench"
try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let path = folder + "/library.sqlite"
let clock = ContinuousClock()
if CommandLine.arguments.contains("--json") {
    try compareJSON(count: count, folder: folder)
    exit(0)
}

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

if pagingOnly || searchPages {
    guard FileManager.default.fileExists(atPath: path) else {
        FileHandle.standardError.write(Data("--paging-only and --search-pages need a library at \(path)\n".utf8))
        exit(1)
    }
} else if !FileManager.default.fileExists(atPath: path) {
    let database = try LibraryDatabase(path: path)
    let elapsed = try await clock.measure { try await database.generateTitles(count: count) }
    print("generate \(count) titles: \(milliseconds(elapsed))")
    try database.close()
}
if !pagingOnly { print("after generating: \(peakMemory())") }

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
if count == 0 { count = try await provider.titleCount() }

if searchPages {
    for query in ["amelie", "amelie drama", "amelie of", "青", "docu", "s03", "drama", "night", "the a"] {
        var request = PageRequest(query: query, pageSize: 50)
        var costs: [(Duration, Int)] = []
        var row = 0
        while true {
            var page: Page?
            let current = request
            let elapsed = try await clock.measure { page = try await provider.page(current) }
            costs.append((elapsed, row))
            row += page?.items.count ?? 0
            guard let next = page?.next else { break }
            request.cursor = next
        }
        let sorted = costs.map(\.0).sorted()
        let slowest = costs.max { $0.0 < $1.0 }!
        print("search \"\(query)\": \(row) matches, \(costs.count) pages: median \(microseconds(sorted[sorted.count / 2], per: 1)), "
            + "slowest \(microseconds(slowest.0, per: 1)) (from match \(slowest.1))")
    }
    // A search typed a letter at a time: each key's first page, as the list asks it, in five
    // rounds, each from nothing kept.
    let typed = Array("amelie drama")
    var keys: [[Duration]] = Array(repeating: [], count: typed.count)
    for _ in 0 ..< 5 {
        database.forgetSearchPlans()
        for length in 1 ... typed.count {
            let request = PageRequest(query: String(typed.prefix(length)), pageSize: 50)
            keys[length - 1].append(try await clock.measure { _ = try await provider.page(request) })
        }
    }
    let medians = keys.map { $0.sorted()[$0.count / 2] }
    print("typing \"\(String(typed))\", each key's first page, median of 5 rounds: "
        + zip(typed, medians).map { "\($0.0 == " " ? "␣" : String($0.0)) \(microseconds($0.1, per: 1))" }.joined(separator: ", ")
        + "; slowest key \(microseconds(medians.max()!, per: 1))")
    exit(0)
}

for row in [0, count / 2, count - 60] {
    let cursor = try await provider.cursor(atRow: row)
    let rounds = 500
    let elapsed = try await clock.measure {
        for _ in 0 ..< rounds { _ = try await provider.page(PageRequest(cursor: cursor, pageSize: 50)) }
    }
    print("page of 50 at row \(row): \(microseconds(elapsed, per: rounds))")
}

// From the end (`G`): the last page, which counts the list, the page before it, and the count
// alone (what the last page adds to a page).
for (label, request) in [("the whole list", PageRequest(pageSize: 50)), ("films", PageRequest(scope: .films, pageSize: 50)),
                         ("the list by year", PageRequest(pageSize: 50, order: .year))] {
    guard let last = try await provider.page(request).last else { continue }
    let rounds = 20
    var tail = request
    tail.cursor = last
    var page: Page?
    let lastTime = try await clock.measure {
        for _ in 0 ..< rounds { page = try await provider.page(tail) }
    }
    var before = request
    before.cursor = page?.previous ?? .start
    let beforeTime = try await clock.measure {
        for _ in 0 ..< rounds { _ = try await provider.page(before) }
    }
    let countTime = try await clock.measure {
        for _ in 0 ..< rounds { _ = try await provider.count(request.scope, filter: request.filter) }
    }
    print("last page of 50 of \(label) (total \(page?.total ?? 0)): \(microseconds(lastTime, per: rounds)), "
        + "the page before it: \(microseconds(beforeTime, per: rounds)), its count alone: \(microseconds(countTime, per: rounds))")
}

if pagingOnly { exit(0) }

// Every keystroke of a search is a first page; "amelie drama" has ~1,600 matches, "amelie of"
// ~2,900, 青 ~4,400 (nearly all at the end of the order): looked up; the others walked.
for query in ["a", "t", "th", "the", "ni", "ame", "amelie", "amelie montr", "the a", "amelie drama", "amelie of",
              "docu", "青", "night", "zzzz"] {
    var page: Page?
    let rounds = 20
    // Each round a new search: nothing kept from the one before (`SearchPlans`).
    let elapsed = try await clock.measure {
        for _ in 0 ..< rounds {
            database.forgetSearchPlans()
            page = try await provider.page(PageRequest(query: query, pageSize: 50))
        }
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

// Each path forced (what the threshold between them is chosen from): the lookup costs about
// what its matches cost, the walk what the rows it passes cost.
let lookingUp = LibraryProvider(database: database, commonMatches: .max)
for query in ["amelie drama", "amelie of", "青", "amelie montr", "amelie", "docu"] {
    let matches = try await provider.matchCount(query)
    let rounds = 10
    let elapsed = try await clock.measure {
        for _ in 0 ..< rounds { _ = try await lookingUp.page(PageRequest(query: query, pageSize: 50)) }
    }
    let perMatch = Double(elapsed.components.attoseconds) / 1e12 / Double(rounds) / Double(max(matches, 1))
        + Double(elapsed.components.seconds) * 1e6 / Double(rounds) / Double(max(matches, 1))
    print("looked up \"\(query)\" (\(matches) matches): \(microseconds(elapsed, per: rounds)), "
        + String(format: "%.2f µs a match", perMatch))
}
let walking = LibraryProvider(database: database, commonMatches: 0, walkLimit: .max)
for query in ["zzzz", "amelie of", "青"] {
    let rounds = 3
    let elapsed = try await clock.measure {
        for _ in 0 ..< rounds { _ = try await walking.page(PageRequest(query: query, pageSize: 50)) }
    }
    print("walked \"\(query)\" first page (no limit): \(microseconds(elapsed, per: rounds))"
        + (query == "zzzz" ? String(format: ", %.3f µs a row", (Double(elapsed.components.attoseconds) / 1e12
            + Double(elapsed.components.seconds) * 1e6) / Double(rounds) / Double(count)) : ""))
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
