/// Percent-decoding (`%20` → space), one rule for every place Spindle reads an address: a
/// server's query strings, `file://` URLs, the name of a file played by URL.
///
///     PercentDecoding.bytes(of: "Some%20Film.mkv")                    // "Some Film.mkv" as UTF-8
///     PercentDecoding.string("q=am%C3%A9lie+x", plusIsSpace: true)    // "q=amélie x"
package enum PercentDecoding {
    /// The bytes `text` stands for: each `%XX` decoded, `+` read as a space when `plusIsSpace`
    /// (a query, never a path); a malformed escape is kept as it is.
    package static func bytes(of text: some StringProtocol, plusIsSpace: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+"), plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), input.count >= 2,
                      let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    /// `bytes(of:plusIsSpace:)` as text; bytes that are not UTF-8 become U+FFFD.
    package static func string(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String {
        String(decoding: bytes(of: text, plusIsSpace: plusIsSpace), as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
