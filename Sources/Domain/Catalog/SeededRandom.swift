/// A small deterministic random generator (SplitMix64).
///
/// It deliberately does not conform to `RandomNumberGenerator`: the standard library's
/// `random(in:using:)` may change its algorithm between releases, and the catalog must come out
/// the same with every toolchain. The helpers here are spelled out instead.
package struct SeededRandom: Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`; the modulo bias is negligible for the small ranges used here.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// A number in `0 ..< 1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// True with the given probability (0...1).
    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0 ... elements.count - 1)]
    }

    /// Two different elements (by position) of a collection with at least two.
    mutating func pickTwo<Element>(_ elements: [Element]) -> (Element, Element) {
        let first = int(in: 0 ... elements.count - 1)
        let second = (first + int(in: 1 ... elements.count - 1)) % elements.count
        return (elements[first], elements[second])
    }
}
