/// The deepest nesting of objects and arrays that Spindle reads in JSON from outside: a catalog
/// line, ffprobe's and mpv's answers (`JSONParser`), and what Foundation's decoder reads (the
/// server's answers, the watch marks a client posts, a download's sidecar and manifest). None of
/// them nests more than a few levels; a hostile text that nests thousands costs a decoder memory
/// and time that grow with the square of the depth, so it is refused first, in one pass.
///
///     JSONNesting.tooDeep(Array(#"{"a":[1]}"#.utf8))   // nil
///     JSONNesting.tooDeep(Array(String(repeating: "[", count: 65).utf8))   // 64: the 65th "["
package enum JSONNesting {
    /// Objects and arrays inside one another, at most.
    package static let maximumDepth = 64

    /// The offset of the first `{` or `[` (outside strings) that opens a level deeper than
    /// `maximumDepth`; nil when the text stays within it. Reads each byte once and allocates
    /// nothing; it does not check that the text is JSON (the decoder does).
    package static func tooDeep(_ bytes: some Collection<UInt8>) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        var offset = 0
        for byte in bytes {
            defer { offset += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > maximumDepth { return offset }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(depth - 1, 0)
            default:
                break
            }
        }
        return nil
    }

    /// The reason a text `tooDeep` finds is refused, in a few words.
    package static var reason: String { "nesting deeper than \(maximumDepth) levels" }
}
