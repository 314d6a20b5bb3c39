/// The nesting a journal, a snapshot or a recording may have, checked before Foundation's
/// decoder sees a line: a line that nests thousands of levels (a file edited or planted by
/// someone else) would cost the decoder memory and time that grow with the square of the depth.
/// The states and events of an app nest a few levels; 64 leaves room for any.
///
///     try JSONDepth.check(line, file: path, line: 3)   // throws JournalError.corruptLine past 64
enum JSONDepth {
    /// Objects and arrays inside one another, at most.
    static let maximum = 64

    /// The 1-based column of the first `{` or `[` outside a string that passes `maximum`, or nil.
    static func columnTooDeep(_ bytes: some Collection<UInt8>) -> Int? {
        var level = 0, column = 0
        var quoted = false, afterBackslash = false
        for byte in bytes {
            column += 1
            guard !quoted else {
                if afterBackslash { afterBackslash = false } else if byte == 0x5C { afterBackslash = true } else if byte == 0x22 { quoted = false }
                continue
            }
            if byte == 0x22 { quoted = true }
            if byte == 0x7B || byte == 0x5B {
                level += 1
                if level > maximum { return column }
            }
            if (byte == 0x7D || byte == 0x5D) && level > 0 { level -= 1 }
        }
        return nil
    }

    /// Why a line `columnTooDeep` finds is refused.
    static func reason(column: Int) -> String {
        "nesting deeper than \(maximum) levels at column \(column)"
    }

    /// Throws `corruptLine` for line `line` of `file` when it nests too deep.
    static func check(_ bytes: some Collection<UInt8>, file: String, line: Int) throws(JournalError) {
        if let column = columnTooDeep(bytes) { throw .corruptLine(file: file, line: line, reason: reason(column: column)) }
    }
}
