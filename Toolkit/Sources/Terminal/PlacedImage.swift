/// A picture already encoded for the terminal's graphics protocol, ready to be placed in a
/// rectangle of cells (`Canvas.placeImage`).
///
/// The bytes are what an encoder made (kitty graphics APC commands, one sixel DCS string, or
/// rows of half blocks in direct colour); they are checked for that shape and refused otherwise,
/// so nothing else reaches the terminal through this door. The identity says when two placements show the same thing: a placement
/// that the last frame showed in the same rectangle with the same identity is not sent again.
///
///     let image = PlacedImage(format: .sixel, identity: key.hashValue, bytes: sixel)
///     image.map { canvas.placeImage($0, in: Rect(row: 1, column: 2, rows: 10, columns: 20)) }
public struct PlacedImage: Sendable, Equatable {
    /// The graphics protocol the bytes are written in.
    ///
    ///     PlacedImage.Format.kitty
    public enum Format: Hashable, Sendable {
        /// Kitty graphics protocol commands (`ESC _ G … ESC \`), transmitting and displaying one
        /// image at the cursor. The screen adds the image id (and asks for no answer), so that it
        /// can delete the image.
        case kitty
        /// One sixel string (`ESC P … q … ESC \`), drawn at the cursor.
        case sixel
        /// Rows of cells in colour, separated by line feeds: each row is `▀`, `▄` and spaces
        /// between SGR colour sequences (`ESC [` digits and semicolons `m`), written from the
        /// rectangle's left column on its own row (the screen moves the cursor to each row's
        /// start), at most as many rows and cells as the rectangle has. Half blocks in 24-bit
        /// colour, which ncurses' colour pairs cannot carry.
        case cells

        /// Whether the picture is in the terminal's cells (sixel pixels, coloured characters),
        /// so that writing those rows again takes it away; a kitty image lies above them.
        var isInCells: Bool { self != .kitty }
    }

    /// The protocol the bytes are in.
    public let format: Format
    /// Equal for two placements that show the same pixels at the same size.
    public let identity: Int
    /// The encoded bytes.
    public let bytes: [UInt8]
    /// For `.cells`, the rows and the most cells in a row; zero for the other formats.
    let cellExtent: (rows: Int, columns: Int)

    /// The encoded `bytes` in `format`, or nil when they are not shaped as that protocol's
    /// output (a kitty command stream, a single sixel string with nothing after it, or rows of
    /// coloured half blocks).
    ///
    ///     PlacedImage(format: .kitty, identity: 7, bytes: Array("\u{1B}_Ga=T,f=32,s=1,v=1;AAAA/w==\u{1B}\\".utf8))
    public init?(format: Format, identity: Int, bytes: [UInt8]) {
        if format == .cells {
            guard let extent = Self.cellExtent(bytes) else { return nil }
            cellExtent = extent
        } else {
            guard Self.isWellFormed(bytes, format: format) else { return nil }
            cellExtent = (0, 0)
        }
        self.format = format
        self.identity = identity
        self.bytes = bytes
    }

    /// Whether the picture may be placed in `rect`: `.cells` rows that fit it (a row never
    /// reaches past the rectangle); kitty and sixel are scaled to their rectangle by their encoder.
    ///
    ///     image.fits(in: Rect(row: 0, column: 0, rows: 9, columns: 24))
    public func fits(in rect: Rect) -> Bool {
        format != .cells || (cellExtent.rows <= rect.rows && cellExtent.columns <= rect.columns)
    }

    /// The rows of a `.cells` picture, without their line feeds.
    var cellRows: [ArraySlice<UInt8>] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    }

    /// Same format, identity and length: the bytes are not compared (an identity stands for them).
    public static func == (lhs: PlacedImage, rhs: PlacedImage) -> Bool {
        lhs.format == rhs.format && lhs.identity == rhs.identity && lhs.bytes.count == rhs.bytes.count
    }

    /// Kitty: one or more `ESC _ G … ESC \` commands and nothing between them. Sixel: `ESC P`,
    /// then printable ASCII (and line ends) up to a final `ESC \`. Cells: see `cellExtent`. No
    /// other escape fits any of them.
    static func isWellFormed(_ bytes: [UInt8], format: Format) -> Bool {
        let escape: UInt8 = 0x1B
        func isPlain(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) || byte == 0x0A || byte == 0x0D }
        switch format {
        case .kitty:
            var index = 0
            guard !bytes.isEmpty else { return false }
            while index < bytes.count {
                guard index + 2 < bytes.count, bytes[index] == escape, bytes[index + 1] == UInt8(ascii: "_"),
                      bytes[index + 2] == UInt8(ascii: "G") else { return false }
                index += 3
                while index < bytes.count, bytes[index] != escape {
                    guard isPlain(bytes[index]) else { return false }
                    index += 1
                }
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") else { return false }
                index += 2
            }
            return true
        case .sixel:
            guard bytes.count >= 5, bytes[0] == escape, bytes[1] == UInt8(ascii: "P"),
                  bytes[bytes.count - 2] == escape, bytes[bytes.count - 1] == UInt8(ascii: "\\") else { return false }
            return bytes[2..<(bytes.count - 2)].allSatisfy(isPlain) && bytes.contains(UInt8(ascii: "q"))
        case .cells:
            return cellExtent(bytes) != nil
        }
    }

    /// Cells: rows separated by line feeds, each of `▀` (E2 96 80), `▄` (E2 96 84), spaces and
    /// SGR sequences of at most 64 digits and semicolons; nothing else. The rows and the most
    /// cells in one, or nil when the bytes are not of that shape (or empty).
    static func cellExtent(_ bytes: [UInt8]) -> (rows: Int, columns: Int)? {
        guard !bytes.isEmpty else { return nil }
        var rows = 1, widest = 0, cells = 0, index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                rows += 1
                cells = 0
                index += 1
            case 0x20:
                cells += 1
                index += 1
            case 0xE2:
                guard index + 2 < bytes.count, bytes[index + 1] == 0x96, bytes[index + 2] == 0x80 || bytes[index + 2] == 0x84 else {
                    return nil
                }
                cells += 1
                index += 3
            case 0x1B:
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
                var end = index + 2
                while end < bytes.count, end - index - 2 <= 64,
                      bytes[end] == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                    end += 1
                }
                guard end < bytes.count, end - index - 2 <= 64, bytes[end] == UInt8(ascii: "m") else { return nil }
                index = end + 1
            default:
                return nil
            }
            widest = max(widest, cells)
        }
        return (rows, widest)
    }
}

/// The size of one cell in pixels, as the terminal reports it.
///
///     canvas.cellPixelSize ?? CellPixelSize(width: 10, height: 20)
public struct CellPixelSize: Hashable, Sendable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A cell `width` pixels wide and `height` pixels tall.
    ///
    ///     CellPixelSize(width: 10, height: 20)
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A picture a screen shows, or showed: for a test's look at what was placed and removed.
///
///     screen.shownImages.first?.rect   // Rect(row: 1, column: 2, rows: 10, columns: 20)
public struct ShownImage: Sendable, Equatable {
    /// What was placed.
    public var image: PlacedImage
    /// Where: its top-left cell is where the bytes are drawn.
    public var rect: Rect
}
