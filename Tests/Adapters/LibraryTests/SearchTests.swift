import Catalog
import Foundation
@testable import Library
import MediaScan
import Testing
import TestSupport

@Suite("Searching the library (FTS5)")
struct SearchTests {
    static func library(_ folder: TempFolder) async throws -> LibraryProvider {
        let database = try folder.openLibrary()
        let titles: [(String, MediaFacts)] = [
            ("a", MediaFacts(title: "Amélie", year: 2001, genre: "Comedy")),
            ("b", MediaFacts(title: "American Night", genre: "Drama")),
            ("c", MediaFacts(title: "Pilot", show: "Crème Brûlée", season: 1, episode: 1, genre: "Cooking")),
            ("d", MediaFacts(title: "東京物語", genre: "Drama")),
            ("e", MediaFacts(title: "AND NEAR (the) end", genre: "Horror")),
        ]
        try await database.store(titles.map {
            ProbedFile(file: MediaFile(path: "/m/\($0.0)", size: 1, modified: 1), facts: .success($0.1))
        }, root: "/m")
        return LibraryProvider(database: database)
    }

    static func ids(_ provider: LibraryProvider, _ query: String) async throws -> [String] {
        try await provider.page(PageRequest(query: query, pageSize: 50)).items.map { String($0.id.dropFirst(3)) }
    }

    @Test("accents and case are ignored, words are prefixes, all words must match")
    func matching() async throws {
        let folder = try TempFolder()
        let provider = try await Self.library(folder)
        #expect(try await Self.ids(provider, "amelie") == ["a"])
        #expect(try await Self.ids(provider, "AMÉLIE") == ["a"])
        #expect(try await Self.ids(provider, "ame") == ["a", "b"])
        #expect(try await Self.ids(provider, "ame nig") == ["b"])
        #expect(try await Self.ids(provider, "creme brul") == ["c"])
        #expect(try await Self.ids(provider, "drama") == ["b", "d"])
        #expect(try await Self.ids(provider, "東京") == ["d"])
        #expect(try await Self.ids(provider, "  ") == ["a", "b", "e", "c", "d"])
    }

    @Test("FTS5 syntax in a query is only text, and never an error",
          arguments: ["\"", "*", "AND", "and near", "(", ")", "NEAR(", "-", "-amelie", "ame*", "a:b", "^", "{x}",
                      "\"\"\"", "😀", "e\u{301}", "\u{301}", "ＡＭＥ", "NOT", "OR ame", "'", "\u{0}", "col:amelie", "+"])
    func hostile(query: String) async throws {
        let folder = try TempFolder()
        let provider = try await Self.library(folder)
        _ = try await provider.page(PageRequest(query: query, pageSize: 10))
        _ = try await provider.title(after: "/m/a", query: query)
    }

    @Test("words that FTS5 would read as operators find titles holding them")
    func operatorsAsWords() async throws {
        let folder = try TempFolder()
        let provider = try await Self.library(folder)
        #expect(try await Self.ids(provider, "AND NEAR") == ["e"])
        #expect(try await Self.ids(provider, "(the)") == ["e"])
        #expect(try await Self.ids(provider, "-amelie") == ["a"])
        #expect(try await Self.ids(provider, "(-)").isEmpty)
    }
}
