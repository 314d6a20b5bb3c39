#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lays a text out into sanitized wide characters, grapheme by grapheme, within a width.
///
/// Reused by a screen for every `put`, so drawing a frame allocates nothing once warm.
struct TextLayout {
    /// The sanitized scalars to draw, as `wchar_t` for ncurses.
    private(set) var scalars: [wchar_t] = []
    /// For each grapheme: the index in `scalars` where it ends and the column where it ends.
    private(set) var glyphEnds: [(scalar: Int, column: Int)] = []

    init() {
        scalars.reserveCapacity(256)
        glyphEnds.reserveCapacity(256)
    }

    /// Columns taken by the laid-out text.
    var width: Int { glyphEnds.last?.column ?? 0 }

    var string: String {
        var view = String.UnicodeScalarView()
        for scalar in scalars { view.append(Unicode.Scalar(UInt32(bitPattern: scalar))!) }
        return String(view)
    }

    /// Lays `text` out within `maxWidth` columns. Zero-width graphemes with no base (a lone
    /// combining mark) are dropped; a grapheme that would cross the limit is not drawn, and with
    /// `ellipsis` the text ends with "…" instead.
    mutating func lay(_ text: some StringProtocol, maxWidth: Int, ellipsis: Bool) {
        scalars.removeAll(keepingCapacity: true)
        glyphEnds.removeAll(keepingCapacity: true)
        guard maxWidth > 0 else { return }
        var column = 0
        var overflowed = false
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII: one scalar, one column each.
            for byte in text.utf8 {
                if column == maxWidth { overflowed = true; break }
                scalars.append(wchar_t(byte))
                column += 1
                glyphEnds.append((scalars.count, column))
            }
        } else {
            for character in text {
                let start = scalars.count
                var width = 0
                for scalar in character.unicodeScalars {
                    let shown = DisplayText.visible(scalar)
                    var columns = DisplayText.columns(of: shown)
                    if columns < 0 {
                        scalars.append(wchar_t(bitPattern: 0xFFFD))
                        columns = 1
                    } else {
                        scalars.append(wchar_t(bitPattern: shown.value))
                    }
                    width += columns
                }
                if width == 0 {
                    scalars.removeSubrange(start...)
                    continue
                }
                if column + width > maxWidth {
                    scalars.removeSubrange(start...)
                    overflowed = true
                    break
                }
                column += width
                glyphEnds.append((scalars.count, column))
            }
        }
        if overflowed && ellipsis { endWithEllipsis(maxWidth: maxWidth) }
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
