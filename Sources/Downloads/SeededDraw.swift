/// A deterministic random draw for one attempt at one part of one title (SplitMix64 seeded by an
/// FNV-1a hash of the names), so a simulated failure does not depend on the order in which
/// transfers start or on the process's hashing seed.
struct SeededDraw {
    private var state: UInt64

    init(seed: UInt64, titleID: String, part: DownloadPart, attempt: Int) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(titleID)/\(part.rawValue)/\(attempt)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        state = hash ^ seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0 ..< 1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
