#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lays a text out into sanitized wide characters, grapheme by grapheme, within a width.
///
/// Reused by a screen for every `put`, so drawing a frame allocates nothing once warm. Most text
/// is laid out scalar by scalar: when every scalar of a text is a grapheme of its own (ASCII,
/// Latin with precomposed accents, CJK ideographs, kana), that gives the same result as
/// splitting it into `Character`s, for a fraction of the cost. Anything that can combine
/// (combining marks, emoji sequences, flags, Hangul jamo) takes the grapheme path.
struct TextLayout {
    /// The sanitized scalars to draw, as `wchar_t` for ncurses.
    private(set) var scalars: [wchar_t] = []
    /// For each grapheme: the index in `scalars` where it ends and the column where it ends.
    private(set) var glyphEnds: [(scalar: Int, column: Int)] = []
    /// Whether the last text was laid out exactly as given: nothing replaced, dropped or cut.
    private(set) var isVerbatim = true

    init(capacity: Int = 256) {
        scalars.reserveCapacity(capacity)
        glyphEnds.reserveCapacity(capacity)
    }

    /// Columns taken by the laid-out text.
    var width: Int { glyphEnds.last?.column ?? 0 }

    var string: String {
        var view = String.UnicodeScalarView()
        for scalar in scalars { view.append(Unicode.Scalar(UInt32(bitPattern: scalar))!) }
        return String(view)
    }

    /// Lays `text` out for a `put` at `row`, `column` on a screen of `size`: clipped to the
    /// screen and to `width` columns. Returns false when none of it can show.
    mutating func layForPut(_ text: some StringProtocol, row: Int, column: Int, width: Int?, ellipsis: Bool, on size: Size) -> Bool {
        guard row >= 0, row < size.rows, column < size.columns else { return false }
        let right = min(width.map { column &+ max($0, 0) } ?? size.columns, size.columns)
        guard right > max(column, 0) else { return false }
        lay(text, maxWidth: right - column, ellipsis: ellipsis)
        return true
    }

    /// Lays `text` out within `maxWidth` columns. Zero-width graphemes with no base (a lone
    /// combining mark) are dropped; a grapheme that would cross the limit is not drawn, and with
    /// `ellipsis` the text ends with "…" instead.
    mutating func lay(_ text: some StringProtocol, maxWidth: Int, ellipsis: Bool) {
        lay(String(text), maxWidth: maxWidth, ellipsis: ellipsis)
    }

    mutating func lay(_ text: String, maxWidth: Int, ellipsis: Bool) {
        reset()
        guard maxWidth > 0 else {
            isVerbatim = text.isEmpty
            return
        }
        let overflowed: Bool
        if let done = layPrintableASCII(text, maxWidth: maxWidth) {
            overflowed = done
        } else if let done = layScalars(text, maxWidth: maxWidth) {
            overflowed = done
        } else {
            reset()
            overflowed = layGraphemes(text, maxWidth: maxWidth)
        }
        if overflowed {
            isVerbatim = false
            if ellipsis { endWithEllipsis(maxWidth: maxWidth) }
        }
    }

    private mutating func reset() {
        scalars.removeAll(keepingCapacity: true)
        glyphEnds.removeAll(keepingCapacity: true)
        isVerbatim = true
    }

    /// Printable ASCII, the common case: one scalar and one column per byte, copied in bulk.
    /// Returns whether the text overflowed, or nil (having laid out nothing) if it has anything
    /// else.
    private mutating func layPrintableASCII(_ text: String, maxWidth: Int) -> Bool? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            let count = min(bytes.count, maxWidth)
            scalars.append(contentsOf: bytes[..<count].lazy.map { wchar_t($0) })
            glyphEnds.append(contentsOf: (0 ..< count).lazy.map { ($0 + 1, $0 + 1) })
            return bytes.count > maxWidth
        }
    }

    /// The scalar-by-scalar path. Returns whether the text overflowed, or nil (with a partial
    /// layout to throw away) at the first scalar that may join its neighbors in a grapheme.
    private mutating func layScalars(_ text: String, maxWidth: Int) -> Bool? {
        var column = 0
        for scalar in text.unicodeScalars {
            guard Self.isAlwaysAlone(scalar) else { return nil }
            let columns = appendVisible(scalar)
            if columns == 0 {
                scalars.removeLast()
                isVerbatim = false  // no base to draw on: dropped, as a grapheme of its own
                continue
            }
            if column + columns > maxWidth {
                scalars.removeLast()
                return true
            }
            column += columns
            glyphEnds.append((scalars.count, column))
        }
        return false
    }

    /// Appends what is drawn for `scalar` (itself, its placeholder, or � when it has no width
    /// at all) and returns its columns.
    @inline(__always)
    private mutating func appendVisible(_ scalar: Unicode.Scalar) -> Int {
        let shown = DisplayText.visible(scalar)
        let columns = DisplayText.columns(of: shown)
        if columns < 0 {
            scalars.append(wchar_t(bitPattern: 0xFFFD))
            isVerbatim = false
            return 1
        }
        if shown != scalar { isVerbatim = false }
        scalars.append(wchar_t(bitPattern: shown.value))
        return columns
    }

    /// The general path, one `Character` at a time. Returns whether the text overflowed.
    private mutating func layGraphemes(_ text: String, maxWidth: Int) -> Bool {
        var column = 0
        for character in text {
            let start = scalars.count
            var width = 0
            for scalar in character.unicodeScalars {
                width += appendVisible(scalar)
            }
            if width == 0 {
                scalars.removeSubrange(start...)
                isVerbatim = false
                continue
            }
            if column + width > maxWidth {
                scalars.removeSubrange(start...)
                return true
            }
            column += width
            glyphEnds.append((scalars.count, column))
        }
        return false
    }

    /// Whether `scalar` is a grapheme of its own whatever stands beside it, as long as its
    /// neighbors are too. That holds when its Grapheme_Cluster_Break property is Other, Control
    /// or LF: only CR LF, Hangul jamo and pairs of regional indicators join without a combining
    /// mark or a joiner between them, and those fail this test. Deliberately a few common
    /// blocks only (checked against Swift's own segmentation in DisplayTextTests).
    @inline(__always)
    static func isAlwaysAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0D: return false                     // CR (CR LF is one grapheme)
        case 0x00 ..< 0x300: return true            // Latin, Latin-1, Latin Extended, IPA
        case 0x2010 ... 0x2027, 0x2030 ... 0x205E: return true   // punctuation: – ” … ‰
        case 0x2190 ... 0x23FF: return true         // arrows, math, technical: ↑ ⏸
        case 0x2400 ... 0x243F: return true         // control pictures: ␛
        case 0x2500 ... 0x25FF: return true         // box drawing, blocks, shapes: ━ ● ▶
        case 0x2800 ... 0x28FF: return true         // braille (the spinner)
        case 0x3041 ... 0x3096, 0x30A1 ... 0x30FA: return true   // hiragana, katakana
        case 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF: return true   // CJK ideographs
        case 0xFF01 ... 0xFF5E: return true         // fullwidth ASCII
        default: return false
        }
    }

    /// Drops graphemes from the end until "…" fits, then appends it.
    private mutating func endWithEllipsis(maxWidth: Int) {
        while let last = glyphEnds.last, last.column > maxWidth - 1 {
            glyphEnds.removeLast()
            scalars.removeSubrange((glyphEnds.last?.scalar ?? 0)...)
        }
        let column = glyphEnds.last?.column ?? 0
        scalars.append(wchar_t(bitPattern: DisplayText.ellipsis.value))
        glyphEnds.append((scalars.count, column + 1))
    }

    /// Calls `body` with each grapheme's scalars, its start column and width.
    func forEachGlyph(_ body: (ArraySlice<wchar_t>, _ column: Int, _ width: Int) -> Void) {
        var scalarStart = 0, columnStart = 0
        for end in glyphEnds {
            body(scalars[scalarStart..<end.scalar], columnStart, end.column - columnStart)
            scalarStart = end.scalar
            columnStart = end.column
        }
    }
}
