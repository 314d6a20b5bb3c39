/// What each screen row showed at the end of the last frame, and what it has been given in this
/// one: the bookkeeping that lets a screen keep the rows that did not change instead of erasing
/// the whole window and drawing everything again every frame.
///
/// The rules, shared by the real screen and the headless one (each does the cell work itself):
/// - a row drawn this frame with no identity is cleared first, the first time anything touches
///   it, so that it starts blank as in a frame drawn from nothing;
/// - a row given an identity (`beginRow`) that it already shows is kept as it is, drawing skipped;
/// - a row shows an identity only when that identity alone drew it: any other drawing on the row
///   in the same frame makes it a row with no identity, which is never kept;
/// - a row nothing touched this frame is cleared if it was not blank.
struct RetainedRows {
    /// A row's content as the bookkeeping knows it.
    enum Content: Equatable {
        case blank
        /// Drawn by one identity alone (and its edge); nil: drawn some other way, never kept.
        case drawn(RowIdentity?, edge: RowEdge? = nil)
    }

    /// What a keyed row needs before its drawing runs.
    enum RowAction: Equatable {
        /// It already shows the identity and the edge: skip the drawing.
        case keep
        /// It shows the identity but another edge: clear these columns, then draw the edge only.
        case drawEdge(clearing: Range<Int>?)
        /// Clear it, then draw.
        case clearAndDraw
        /// Draw on what is there: blank already, or drawn earlier in this frame.
        case draw
    }

    private(set) var shown: [Content]
    private var touched: [Bool]
    private var next: [Content]
    /// The keyed row being drawn, and whether its drawing went outside it.
    private var keyedRow: Int?
    private var keyedDepth = 0
    private var keyedSpilled = false
    /// What the frame being drawn did so far.
    private(set) var statistics = FrameStatistics()

    /// A screen of `rows` blank rows.
    init(rows: Int) {
        shown = Array(repeating: .blank, count: rows)
        touched = Array(repeating: false, count: rows)
        next = shown
    }

    /// After a resize: the size changed and nothing on screen can be trusted; every row is
    /// drawn (or cleared) again.
    mutating func invalidate(rows: Int) {
        shown = Array(repeating: .drawn(nil), count: rows)
        touched = Array(repeating: false, count: rows)
        next = shown
        keyedRow = nil
        keyedDepth = 0
    }

    mutating func beginFrame() {
        for row in touched.indices { touched[row] = false }
        keyedRow = nil
        keyedDepth = 0
        statistics = FrameStatistics()
    }

    /// Something without an identity (or the keyed row's own drawing) is about to draw on `row`.
    /// Returns whether the row must be cleared first.
    mutating func willDraw(row: Int) -> Bool {
        guard row >= 0, row < shown.count else { return false }
        if let keyedRow {
            if row == keyedRow { return false }
            keyedSpilled = true
        }
        if touched[row] {
            next[row] = .drawn(nil)
            return false
        }
        touched[row] = true
        next[row] = .drawn(nil)
        statistics.rowsDrawn += 1
        return shown[row] != .blank
    }

    /// A widget is about to draw `row` as `identity`, with `edge` drawn apart (a list's
    /// scrollbar cell); `endRow` follows unless the answer is `keep`.
    mutating func beginRow(_ row: Int, identity: RowIdentity, edge: RowEdge?) -> RowAction {
        guard row >= 0, row < shown.count else { return .draw }
        if keyedRow != nil {
            // Nested inside another keyed row: plain drawing of that row.
            keyedDepth += 1
            return willDraw(row: row) ? .clearAndDraw : .draw
        }
        keyedRow = row
        keyedDepth = 1
        if touched[row] {
            next[row] = .drawn(nil)
            keyedSpilled = true  // shares the row with other drawing: never kept
            return .draw
        }
        keyedSpilled = false
        touched[row] = true
        next[row] = .drawn(identity, edge: edge)
        if case .drawn(identity?, let shownEdge) = shown[row] {
            if shownEdge == edge {
                keyedRow = nil
                keyedDepth = 0
                statistics.rowsKept += 1
                return .keep
            }
            if shownEdge?.columns == edge?.columns || shownEdge == nil || edge == nil {
                statistics.edgesDrawn += 1
                return .drawEdge(clearing: shownEdge?.columns)
            }
        }
        statistics.rowsDrawn += 1
        return shown[row] == .blank ? .draw : .clearAndDraw
    }

    mutating func endRow() {
        keyedDepth -= 1
        guard keyedDepth <= 0, let row = keyedRow else { return }
        if keyedSpilled { next[row] = .drawn(nil) }
        keyedRow = nil
        keyedDepth = 0
    }

    /// How far the rows in `rows` should move up (positive) or down (negative) so that most of
    /// them show the `identities` about to be drawn there; 0 when no move helps. Only rows
    /// nothing touched yet in this frame move. On a non-zero answer the bookkeeping has moved
    /// them already; the screen moves the cells.
    mutating func shift(_ rows: Range<Int>, toShow identities: [RowIdentity]) -> Int {
        guard rows.lowerBound >= 0, rows.upperBound <= shown.count, rows.count > 1, identities.count >= rows.count,
              !rows.contains(where: { touched[$0] }) else { return 0 }
        let staying = countMatches(rows, identities: identities, distance: 0)
        if staying >= rows.count - 2 { return 0 }  // the usual key: at most two rows changed in place
        // A list moved by one row (Up or Down at an edge): no need to look further.
        for distance in [1, -1] {
            let matches = countMatches(rows, identities: identities, distance: distance)
            if matches >= rows.count - 3, matches > staying { return move(rows, by: distance) }
        }
        // Each identity about to be drawn that some other row shows votes for the distance
        // between them; the distance with most votes wins.
        var rowOf: [RowIdentity: Int] = [:]
        rowOf.reserveCapacity(rows.count)
        for row in rows { if case .drawn(let identity?, _) = shown[row] { rowOf[identity] = row } }
        var votes: [(distance: Int, count: Int)] = []
        for (position, identity) in identities.prefix(rows.count).enumerated() {
            guard let source = rowOf[identity] else { continue }
            let distance = source - (rows.lowerBound + position)
            guard distance != 0 else { continue }
            if let index = votes.firstIndex(where: { $0.distance == distance }) {
                votes[index].count += 1
            } else {
                votes.append((distance, 1))
            }
        }
        // Worth it only if it keeps more rows than staying put does.
        guard let best = votes.max(by: { $0.count < $1.count })?.distance,
              countMatches(rows, identities: identities, distance: best) > staying else { return 0 }
        return move(rows, by: best)
    }

    private mutating func move(_ rows: Range<Int>, by best: Int) -> Int {
        let old = shown
        for row in rows {
            let source = row + best
            shown[row] = rows.contains(source) ? old[source] : .blank
        }
        statistics.rowsShifted += rows.count - abs(best)
        return best
    }

    /// Ends the frame: calls `clear` for each row that nothing drew and that is not blank.
    mutating func endFrame(clear: (Int) -> Void) {
        for row in shown.indices {
            if touched[row] {
                shown[row] = next[row]
            } else if shown[row] != .blank {
                clear(row)
                shown[row] = .blank
                statistics.rowsCleared += 1
            }
        }
    }

    private func countMatches(_ rows: Range<Int>, identities: [RowIdentity], distance: Int) -> Int {
        var matches = 0
        for row in rows where rows.contains(row + distance) {
            if case .drawn(identities[row - rows.lowerBound]?, _) = shown[row + distance] { matches += 1 }
        }
        return matches
    }
}
