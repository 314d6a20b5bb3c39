/// The catalog built into Spindle: invented titles generated from a fixed seed, so every run and
/// every machine sees the same list.
///
/// Title `i` depends only on `i`, so a longer catalog starts with the shorter one:
/// `titles(count: 100_000).prefix(5_000)` equals `titles`. Every 20th title from the 6th on is
/// one of the `unusual` titles (accents, CJK, emoji, and hostile control sequences) until they
/// run out, so the first screens already show them.
///
///     let titles = EmbeddedCatalog.titles                   // 5,000 titles
///     let big = EmbeddedCatalog.titles(count: 100_000)      // for benchmarks
///     let file = JSONLinesCatalog.encode(big)               // one JSON object per line
package enum EmbeddedCatalog {
    /// How many titles the default catalog holds.
    package static let defaultCount = 5_000

    /// The default catalog.
    package static let titles: [Title] = titles(count: defaultCount)

    /// The first `count` titles of the generated catalog.
    package static func titles(count: Int) -> [Title] {
        (0 ..< max(0, count)).map(title(at:))
    }

    /// Title number `index` (0-based) of the generated catalog.
    package static func title(at index: Int) -> Title {
        var random = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        let genre = random.pick(Vocabulary.genres)
        let name = unusualTitle(at: index) ?? inventedName(&random)
        let duration = durationInSeconds(for: genre, &random)
        // Some titles open cold, with no lead-in before the intro.
        let introStart = random.chance(0.15) ? 0 : random.int(in: 5 ... 180)
        let introEnd = introStart + random.int(in: 30 ... 90)
        let creditsStart = duration - random.int(in: 60 ... min(540, duration / 6))
        return Title(
            id: identifier(index),
            title: name,
            year: year(&random),
            genre: genre,
            duration: duration,
            introStart: introStart,
            introEnd: introEnd,
            creditsStart: creditsStart
        )
    }

    private static let seed: UInt64 = 0x5350_494E_444C_4521  // "SPINDLE!"
    private static let firstUnusual = 5
    private static let unusualSpacing = 20

    private static func unusualTitle(at index: Int) -> String? {
        let slot = index - firstUnusual
        guard slot >= 0, slot % unusualSpacing == 0, slot / unusualSpacing < unusual.count else { return nil }
        return unusual[slot / unusualSpacing]
    }

    private static func identifier(_ index: Int) -> String {
        let digits = String(index + 1)
        return "sp" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    private static func inventedName(_ random: inout SeededRandom) -> String {
        typealias V = Vocabulary
        let name: String
        switch random.int(in: 0 ... 99) {
        case 0 ..< 18: name = "The \(random.pick(V.adjectives)) \(random.pick(V.nouns))"
        case 18 ..< 30: name = "\(random.pick(V.nouns)) of \(random.pick(V.places))"
        case 30 ..< 40: name = "\(random.pick(V.people))'s \(random.pick(V.nouns))"
        case 40 ..< 50:
            let (first, second) = random.pickTwo(V.nouns)
            name = "The \(first) and the \(second)"
        case 50 ..< 62: name = "\(random.pick(V.adjectives)) \(random.pick(V.nouns))"
        case 62 ..< 68: name = "Return to \(random.pick(V.places))"
        case 68 ..< 76:
            name = "\(random.pick(V.adjectives)) \(random.pick(V.nouns)) \(random.pick(V.sequels))"
        case 76 ..< 84: name = "A \(random.pick(V.nouns)) in \(random.pick(V.places))"
        case 84 ..< 90: name = "\(random.pick(V.people)) and the \(random.pick(V.adjectives)) \(random.pick(V.nouns))"
        case 90 ..< 95: name = random.pick(V.eastAsian)
        default: name = "\(random.pick(V.adjectives)) \(random.pick(V.nouns)) \(random.pick(V.emoji))"
        }
        return name
    }

    private static func durationInSeconds(for genre: String, _ random: inout SeededRandom) -> Int {
        let minutes: ClosedRange<Int> = switch genre {
        case "Animation": 20 ... 110
        case "Documentary": 40 ... 130
        case "Short": 20 ... 40
        default: 80 ... 180
        }
        return random.int(in: minutes) * 60 + random.int(in: 0 ... 59)
    }

    private static func year(_ random: inout SeededRandom) -> Int {
        // Weighted towards recent years, as real catalogs are.
        1930 + Int((random.unit().squareRoot() * 96).rounded(.down))
    }
}
