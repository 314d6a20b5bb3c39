import Foundation
import SpinTesting
import Testing
import TestSupport

/// The views' order (`s`) and filter (`f`) in a real terminal, on a catalog imported into the
/// library: by year, then only one genre; kept by the session.
@Suite("Order and filter, end to end", .serialized, .waitsInRealTime)
struct OrderEndToEndTests {
    @Test("s orders by year (newest first); f picks a genre; the next start is in the same order and filter")
    func orderAndFilter() async throws {
        let session = try TmuxSession(columns: 100, rows: 30)
        defer { session.close() }
        let (catalog, generated) = try AppRun.generateCatalog(500, named: "catalog.jsonl", in: session)
        #expect(generated == 0)
        let run = try AppRun(session, arguments: "--catalog '\(catalog)'")
        try await session.waitForScreen { $0.contains("50 loaded") }
        try session.send("s")
        let byYear = try await session.waitForScreen { $0.contains("All · by year") && $0.contains("50 loaded") }
        let years = Self.years(byYear)
        #expect(years.count >= 20 && years == years.sorted(by: >), "\(years)")

        try session.send("f")
        let picker = try await session.waitForScreen { $0.contains("Genre: Drama") }
        let options = picker.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: #"(No filter|Genre: [^ ]+( [A-Z][a-z]+)?|Decade: \S+)"#, options: .regularExpression)
            else { return nil }
            return String(line[range])
        }
        let index = try #require(options.firstIndex(of: "Genre: Drama"), "\(options)")
        for _ in 0 ..< index { try session.send("j") }
        try session.send("Enter")
        // The whole frame, not one written in part: the picker gone, every row a drama.
        let drama = try await session.waitForScreen { screen in
            screen.contains("All · by year · Drama") && screen.contains(" titles") && !screen.contains("Genre: ")
                && Self.rows(screen).count >= 5 && Self.rows(screen).allSatisfy { $0.contains("Drama") }
        }
        #expect(Self.years(drama) == Self.years(drama).sorted(by: >))

        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
        let again = try AppRun(session, arguments: "--catalog '\(catalog)'")
        try await session.waitForScreen { $0.contains("All · by year · Drama") && $0.contains(" titles") }
        try session.send("q")
        #expect(try await again.exitStatus() == 0)
    }

    /// The list's rows (those with a length).
    static func rows(_ screen: String) -> [Substring] {
        screen.split(separator: "\n").dropFirst(2).dropLast().filter { $0.contains("h ") || $0.contains("m ") }
    }

    /// The years of the list's rows, top to bottom.
    static func years(_ screen: String) -> [Int] {
        screen.split(separator: "\n").dropFirst(2).compactMap { line in
            line.range(of: #"  (19|20)\d\d  "#, options: .regularExpression).flatMap { Int(line[$0].trimmingCharacters(in: .whitespaces)) }
        }
    }
}
