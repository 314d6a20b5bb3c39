import Catalog
import Foundation
import ServerWire
import Testing

/// The page JSON the server writes by hand reads back through `JSONDecoder` as the same page.
@Suite struct WirePageJSONTests {
    /// The catalog's seeded generator (SplitMix64), so that a failure names its seed.
    struct Numbers {
        var random: SeededRandom
        init(state: UInt64) { random = SeededRandom(seed: state) }
        mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        mutating func maybe<T>(_ value: T) -> T? { below(3) == 0 ? nil : value }
    }

    static let pieces = ["a", "Amélie", "\"", "\\", "\n", "\u{1B}]0;pwned\u{07}", "\u{7F}", "\u{9B}31m", "青", "🎬",
                         "/v1/titles?limit=50&after=L1.42.x%3D", "\u{0}", "\u{2028}", " ", "Ω"]

    static func text(_ numbers: inout Numbers) -> String {
        (0 ..< numbers.below(6)).map { _ in pieces[numbers.below(pieces.count)] }.joined()
    }

    static func page(seed: UInt64) -> WirePage {
        var numbers = Numbers(state: seed)
        let titles = (0 ..< numbers.below(8)).map { _ in
            var title = WireTitle(
                id: "t\(numbers.below(1_000_000))", title: text(&numbers), year: numbers.maybe(numbers.below(3000)),
                genre: numbers.maybe(text(&numbers)), duration: numbers.maybe(numbers.below(100_000)),
                introStart: numbers.maybe(numbers.below(100)), introEnd: numbers.maybe(numbers.below(200)),
                creditsStart: numbers.maybe(numbers.below(9000)), video: numbers.maybe(text(&numbers)),
                subtitles: numbers.maybe(text(&numbers)), problem: numbers.maybe(text(&numbers)),
                group: numbers.below(4) == 0 ? WireGroup(show: text(&numbers), season: numbers.maybe(numbers.below(30)),
                                                         seasons: numbers.maybe(numbers.below(30)), episodes: numbers.below(500),
                                                         progress: numbers.maybe(GroupProgress(watched: numbers.below(50), inProgress: numbers.below(5)))) : nil)
            title.shelf = numbers.maybe(text(&numbers))
            return title
        }
        return WirePage(titles: titles, next: numbers.maybe(text(&numbers)), previous: numbers.maybe(text(&numbers)),
                        last: numbers.maybe(text(&numbers)), total: numbers.below(2_000_000))
    }

    @Test("2,000 random pages read back as they were, with no raw control character in the bytes")
    func roundTrip() throws {
        for seed in 1 ... 2_000 as ClosedRange<UInt64> {
            let page = Self.page(seed: seed)
            let json = page.json()
            let read = try JSONDecoder().decode(WirePage.self, from: Data(json.utf8))
            #expect(read == page, "seed \(seed): \(json)")
            #expect(!json.unicodeScalars.contains { $0.value < 0x20 || (0x7F ... 0x9F).contains($0.value) }, "seed \(seed)")
        }
    }

    @Test("the same keys as JSONEncoder writes")
    func sameKeys() throws {
        let page = WirePage(titles: [WireTitle(id: "t1", title: "A", year: 2001, genre: "Drama", duration: 60, introStart: 1,
                                               introEnd: 2, creditsStart: 50, video: "/v", subtitles: "/s", problem: "p",
                                               group: WireGroup(show: "S", season: 1, seasons: nil, episodes: 3,
                                                                progress: GroupProgress(watched: 1, inProgress: 1)))],
                            next: "/n", previous: "/p", last: "/l", total: 9)
        func keys(_ json: Data) throws -> Set<String> {
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            let title = try #require((object["titles"] as? [[String: Any]])?.first)
            let group = try #require(title["group"] as? [String: Any])
            return Set(object.keys).union(title.keys.map { "title." + $0 }).union(group.keys.map { "group." + $0 })
        }
        #expect(try keys(Data(page.json().utf8)) == keys(JSONEncoder().encode(page)))
    }
}
