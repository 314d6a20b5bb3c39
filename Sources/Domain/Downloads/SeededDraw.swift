import Catalog

/// A deterministic random draw for one attempt at one part of one title (SplitMix64 seeded by an
/// FNV-1a hash of the names), so a simulated failure does not depend on the order in which
/// transfers start or on the process's hashing seed.
struct SeededDraw {
    private var random: SeededRandom

    init(seed: UInt64, titleID: String, part: DownloadPart, attempt: Int) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(titleID)/\(part.rawValue)/\(attempt)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        random = SeededRandom(seed: hash ^ seed)
    }

    mutating func next() -> UInt64 {
        random.next()
    }

    /// A number in `0 ..< 1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
