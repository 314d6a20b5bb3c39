/// Which pictures are on screen, which a frame places, and what must be sent or removed when
/// it is shown: the bookkeeping the real screen and the headless one share (each does the
/// terminal's work itself).
///
/// The rules:
/// - a frame describes its pictures in full, as it does its text: a picture the last frame
///   showed that this frame does not place again is removed;
/// - one placed again in the same rectangle with the same identity stays and is not sent again;
///   but when a row it lies on changes, the update may scroll that row or clear to its end, so
///   the picture is disturbed: a sixel or coloured cells are sent again, a kitty image placed
///   again (its pixels stay in the terminal);
/// - drawing that touches a placed picture's cells later in the same frame drops the picture
///   (what was drawn last is on top);
/// - a picture in rows that scroll (`shift`) or on a screen that is resized is removed, and
///   sent again if the frame places it.
struct ImagePlacements {
    /// A picture on screen; `number` is the kitty image id the screen gave it.
    struct Placement: Equatable {
        var shown: ShownImage
        var number: UInt32
    }

    /// What `present` must do: remove these, then (after the frame's text) send these.
    struct Update {
        var removed: [Placement] = []
        var sent: [Placement] = []
        /// Kitty images kept but on rows that changed: placed again where they belong.
        var replaced: [Placement] = []
        /// Kept pictures on rows that changed (their rows are written whole by the update, so
        /// that it does not scroll a picture's pixels into other rows).
        var disturbed: [Placement] = []
        var isEmpty: Bool { removed.isEmpty && sent.isEmpty && replaced.isEmpty }
    }

    private(set) var shown: [Placement] = []
    private var pending: [ShownImage] = []
    /// Shown pictures that scrolling or a resize took away this frame.
    private var lost: [Placement] = []
    private var nextNumber: UInt32 = 1

    mutating func beginFrame() {
        pending.removeAll(keepingCapacity: true)
    }

    /// A picture placed at `rect` (already clipped to the screen and not empty).
    mutating func place(_ image: PlacedImage, in rect: Rect) {
        noteDrawing(rows: rect.row..<(rect.row + rect.rows), columns: rect.column..<(rect.column + rect.columns))
        pending.append(ShownImage(image: image, rect: rect))
    }

    /// Something drew on these cells: a picture placed earlier in this frame that lies under
    /// them is dropped.
    mutating func noteDrawing(rows: Range<Int>, columns: Range<Int>) {
        guard !pending.isEmpty else { return }
        pending.removeAll { placed in
            let rect = placed.rect
            return rows.overlaps(rect.row..<(rect.row + rect.rows)) && columns.overlaps(rect.column..<(rect.column + rect.columns))
        }
    }

    /// Rows `rows` moved: the pictures on them moved with them (or not, whatever the terminal
    /// did) and are taken away.
    mutating func shift(_ rows: Range<Int>) {
        shown.removeAll { placement in
            let rect = placement.shown.rect
            guard rows.overlaps(rect.row..<(rect.row + rect.rows)) else { return false }
            lost.append(placement)
            return true
        }
        noteDrawing(rows: rows, columns: Int.min..<Int.max)
    }

    /// The screen's size changed: every picture is taken away.
    mutating func invalidate() {
        lost += shown
        shown.removeAll()
        pending.removeAll()
    }

    /// Forgets what is on screen without removing it (the terminal already lost it: a suspend,
    /// a repaint from nothing); returns what was shown, for sending again.
    mutating func forgetAll() -> [Placement] {
        defer { shown.removeAll() }
        return shown
    }

    /// Ends the frame. `rowChanged` says whether the terminal's row will be written to by this
    /// frame's text (a kept sixel or coloured cells on such a row are sent again).
    mutating func endFrame(rowChanged: (Int) -> Bool) -> Update {
        var update = Update()
        update.removed = lost
        lost.removeAll()
        var kept: [Placement] = []
        var remaining = shown
        for placed in pending {
            if let index = remaining.firstIndex(where: { $0.shown == placed }) {
                kept.append(remaining.remove(at: index))
            } else {
                update.sent.append(Placement(shown: placed, number: takeNumber()))
            }
        }
        update.removed += remaining
        // A sixel or coloured cells are in the terminal's cells: they go when those rows are redrawn.
        let redrawn = update.removed.filter { $0.shown.image.format.isInCells }.map(\.shown.rect)
        var stillShown: [Placement] = []
        for placement in kept {
            let rect = placement.shown.rect
            let rows = rect.row..<(rect.row + rect.rows)
            let changed = rows.contains(where: rowChanged)
            if changed { update.disturbed.append(placement) }
            let format = placement.shown.image.format
            if format.isInCells, changed || redrawn.contains(where: { rows.overlaps($0.row..<($0.row + $0.rows)) }) {
                update.sent.append(placement)
            } else if format == .kitty, changed {
                update.replaced.append(placement)
                stillShown.append(placement)
            } else {
                stillShown.append(placement)
            }
        }
        shown = stillShown + update.sent
        return update
    }

    private mutating func takeNumber() -> UInt32 {
        defer { nextNumber = nextNumber == UInt32.max ? 1 : nextNumber + 1 }
        return nextNumber
    }
}
