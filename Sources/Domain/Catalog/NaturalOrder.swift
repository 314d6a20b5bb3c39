import SearchText
/// Text as it sorts for people: folded (`SearchKey`: case and accents ignored), each run of
/// digits written with 10 (leading zeros dropped), so that compared as bytes, numbers compare as
/// numbers: "Part 2" before "Part 10", "S2" before "S10".
///
///     NaturalOrder.key("Part 10") > NaturalOrder.key("Part 2")   // true
package enum NaturalOrder {
    package static func key(_ text: String) -> String {
        let folded = SearchKey(text).bytes
        var result: [UInt8] = []
        result.reserveCapacity(folded.count + 16)
        var index = 0
        while index < folded.count {
            guard isDigit(folded[index]) else {
                result.append(folded[index])
                index += 1
                continue
            }
            var end = index
            while end < folded.count, isDigit(folded[end]) { end += 1 }
            var digits = folded[index ..< end].drop { $0 == UInt8(ascii: "0") }
            if digits.isEmpty { digits = [UInt8(ascii: "0")] }
            if digits.count < 10 { result.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 10 - digits.count)) }
            result.append(contentsOf: digits)
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `number` with at least `width` digits, zero-padded (negative numbers as 0).
    package static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(max(0, number))
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
    }
}
