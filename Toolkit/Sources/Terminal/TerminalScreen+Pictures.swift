import CNCursesW
import CTerminalRestore
#if canImport(Glibc)
import Glibc
#endif

/// Pictures: encoded bytes written straight to the terminal after ncurses has written the
/// frame's text, each at its rectangle's top-left cell, with the cursor saved and restored
/// around it so that ncurses' idea of the cursor stays true.
///
/// Removal: a kitty image is deleted by the id the screen gave it (`a=d`); a sixel is pixels in
/// the terminal's cells, and coloured cells (`.cells`) are characters in them, so their rows are
/// marked as lost in ncurses' copy of the screen (`wredrawln`) and the update writes them again.
/// A kept picture on a row the update changes may be carried by ncurses' line scrolling: its rows
/// are marked lost too (they move with the scroll in ncurses' copy, so wherever they land they
/// are written whole), and the picture is then sent again (sixel, cells) or placed again from
/// the terminal's copy (kitty, `a=p`). Stopping and suspending delete every kitty image; a
/// signal or a crash does too (the restore sequence deletes them all).
extension TerminalScreen {
    /// Blanks `rect` and shows the picture there after the frame's text (see `Canvas.placeImage`).
    public func placeImage(_ image: PlacedImage, in rect: Rect) {
        guard !rect.isEmpty, rect.clipped(to: size) == rect, image.fits(in: rect) else { return }
        placing = true
        fill(rect, with: " ", style: .plain)
        placing = false
        placements.place(image, in: rect)
    }

    /// The cell size in pixels from the terminal's window size (`TIOCGWINSZ`), when it reports one.
    public var cellPixelSize: CellPixelSize? { cellPixels }

    /// Before the update: works out what to send and remove, and marks the rows of removed
    /// sixels for ncurses to write again. Returns the bytes to write after the update.
    func preparePictures() -> [UInt8] {
        let columns = size.columns
        let update = placements.endFrame { row in spindle_row_differs(window, Int32(row), Int32(columns)) != 0 }
        var rows = rowsToRedraw
        rowsToRedraw.removeAll()
        // A removed sixel's or cells' rows, and the rows of a picture whose rows change: written
        // whole, so that nothing of them stays behind, wherever the update's line scrolling
        // moves them.
        for placement in update.removed where placement.shown.image.format.isInCells {
            rows.append(placement.shown.rect.row..<(placement.shown.rect.row + placement.shown.rect.rows))
        }
        for placement in update.disturbed {
            rows.append(placement.shown.rect.row..<(placement.shown.rect.row + placement.shown.rect.rows))
        }
        for range in rows {
            let clipped = range.clamped(to: 0..<size.rows)
            if !clipped.isEmpty { wredrawln(window, Int32(clipped.lowerBound), Int32(clipped.count)) }
        }
        guard !update.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for placement in update.removed where placement.shown.image.format == .kitty {
            bytes += Self.kittyDelete(placement.number)
        }
        for placement in update.sent { bytes += sequence(for: placement) }
        for placement in update.replaced { bytes += replacement(for: placement) }
        return bytes
    }

    /// Places kitty image `placement` again at its place, from the data the terminal holds.
    func replacement(for placement: ImagePlacements.Placement) -> [UInt8] {
        let rect = placement.shown.rect
        return [0x1B, UInt8(ascii: "7")] + Array("\u{1B}[\(rect.row + 1);\(rect.column + 1)H".utf8)
            + Array("\u{1B}_Ga=p,i=\(placement.number),p=1,c=\(rect.columns),r=\(rect.rows),q=2,C=1\u{1B}\\".utf8)
            + [0x1B, UInt8(ascii: "8")]
    }

    /// The bytes that draw `placement` at its place and put the cursor back.
    func sequence(for placement: ImagePlacements.Placement) -> [UInt8] {
        let rect = placement.shown.rect
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "7")]
        bytes += Array("\u{1B}[\(rect.row + 1);\(rect.column + 1)H".utf8)
        switch placement.shown.image.format {
        case .kitty:
            bytes += Self.numbered(placement.shown.image.bytes, id: placement.number)
            armKittyRestore()
        case .sixel:
            bytes += placement.shown.image.bytes
        case .cells:
            // Each row from the rectangle's left column; the saved cursor brings back ncurses'
            // colours and attributes with its place.
            for (index, row) in placement.shown.image.cellRows.enumerated() {
                if index > 0 { bytes += Array("\u{1B}[\(rect.row + index + 1);\(rect.column + 1)H".utf8) }
                bytes += row
            }
        }
        bytes += [0x1B, UInt8(ascii: "8")]
        return bytes
    }

    /// Kitty commands with the image id and one placement id (so that placing it again moves
    /// that placement), no answer asked for (`q=2`: an answer would arrive as keys) and the
    /// cursor left where it is, added to the first command's keys.
    static func numbered(_ bytes: [UInt8], id: UInt32) -> [UInt8] {
        let keys = Array("i=\(id),p=1,q=2,C=1".utf8)
        guard bytes.count > 3 else { return bytes }
        let next = bytes[3]
        let separator: [UInt8] = next == UInt8(ascii: ";") || next == 0x1B ? [] : [UInt8(ascii: ",")]
        return Array(bytes[0..<3]) + keys + separator + bytes[3...]
    }

    /// Deletes kitty image `id` and frees its data.
    static func kittyDelete(_ id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    /// Deletes every image on the screen and frees their data: what a signal or a crash writes.
    static let kittyDeleteAll = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)

    /// Once a kitty image has been shown, the signal handlers' restore deletes them all too.
    private func armKittyRestore() {
        guard !restoreDeletesImages else { return }
        restoreDeletesImages = true
        Self.kittyDeleteAll.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { spindle_restore_set_prefix($0.baseAddress, $0.count) }
        }
    }

    /// Deletes the kitty images on screen (before leaving or suspending); they stay in the
    /// bookkeeping, to be sent again by `resendPictures`.
    func removeKittyImages() {
        var bytes: [UInt8] = []
        for placement in placements.shown where placement.shown.image.format == .kitty {
            bytes += Self.kittyDelete(placement.number)
        }
        writeToTerminal(bytes)
    }

    /// After the terminal was repainted from nothing (back from a suspend): every picture again.
    func resendPictures() {
        var bytes: [UInt8] = []
        for placement in placements.shown { bytes += sequence(for: placement) }
        writeToTerminal(bytes)
    }

    /// Writes `bytes` to the terminal whole (ncurses has flushed its own output already).
    func writeToTerminal(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(outputFD, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}
