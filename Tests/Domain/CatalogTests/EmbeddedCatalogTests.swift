import Testing
import Catalog

@Suite("The embedded catalog")
struct EmbeddedCatalogTests {
    let titles = EmbeddedCatalog.titles

    @Test("holds at least 5,000 titles with unique ids")
    func size() {
        #expect(titles.count >= 5_000)
        #expect(Set(titles.map(\.id)).count == titles.count)
    }

    @Test("is the same list on every run and every machine")
    func deterministic() {
        #expect(titles.first == Title(
            id: "sp000001", title: "Little Engine", year: 2018, genre: "Fantasy",
            duration: 9593, introStart: 104, introEnd: 156, creditsStart: 9403))
        #expect(titles.last == Title(
            id: "sp005000", title: "Tide of Tbilisi", year: 2024, genre: "Science Fiction",
            duration: 10640, introStart: 11, introEnd: 44, creditsStart: 10443))
        #expect(EmbeddedCatalog.titles(count: 5_000) == titles)
    }

    @Test("a longer catalog starts with the default one")
    func prefixStable() {
        let longer = EmbeddedCatalog.titles(count: 6_000)
        #expect(longer.count == 6_000)
        #expect(Array(longer.prefix(5_000)) == titles)
        #expect(longer.last?.id == "sp006000")
    }

    @Test("includes accents, CJK, emoji and hostile control sequences, kept as data")
    func unusualTitles() {
        let names = Set(titles.map(\.title))
        for expected in [
            "Amélie à Montréal", "Cafe\u{301} Society", "東京物語", "👩‍🚀 Commander Ada", "🎬 Lights, Camera",
            "Screen Wipe \u{1B}[2J", "\u{1B}]0;pwned\u{7}Window Title", "Delete\u{7F}\u{7F}\u{7F} Me",
            "C1 \u{9B}2J Control",
        ] {
            #expect(names.contains(expected), "missing \(expected.debugDescription)")
        }
        #expect(titles.contains { $0.title.unicodeScalars.contains("🚀") })
    }

    @Test("shows unusual titles on the first page already")
    func unusualTitlesEarly() {
        let firstPage = titles.prefix(50).map(\.title)
        #expect(firstPage.contains("Screen Wipe \u{1B}[2J"))
        #expect(firstPage.contains("東京物語"))
        #expect(firstPage.contains { $0.contains("é") })
    }

    @Test("gives every title a plausible year, duration, intro and credits")
    func plausibleMarks() {
        for title in EmbeddedCatalog.titles(count: 20_000) {
            #expect((1930 ... 2025).contains(title.year))
            #expect((20 * 60 ..< 181 * 60).contains(title.duration), "\(title.id)")
            #expect((0 ... 180).contains(title.introStart), "\(title.id)")
            #expect((30 ... 90).contains(title.introEnd - title.introStart), "\(title.id)")
            #expect(title.creditsStart > title.introEnd, "\(title.id)")
            #expect((60 ... 540).contains(title.duration - title.creditsStart), "\(title.id)")
            #expect(!title.title.isEmpty && !title.genre.isEmpty)
        }
    }
}
