import Synchronization

/// A terminal in memory with the same drawing API and size as the real one, for tests.
///
/// It keeps a grid of cells with their styles, renders to plain text (`text`) and to text with
/// style marks (`styledText`) for snapshot tests, and accepts injected keys and resizes.
///
///     let screen = HeadlessScreen(size: Size(rows: 24, columns: 80))
///     screen.frame { $0.put("日本語", row: 0, column: 0, style: .bold) }
///     screen.text  // "日本語"
public final class HeadlessScreen: Screen {
    /// One cell: the grapheme drawn there ("" for the right half of a wide character).
    public struct Cell: Equatable, Sendable {
        public var text: String
        public var style: Style
        public static let blank = Cell(text: " ", style: .plain)
    }

    public private(set) var size: Size
    public var cursor: Position?
    public let waker: Waker
    /// How many frames were presented.
    package private(set) var framesPresented = 0
    private(set) var cells: [Cell]
    /// What each row shows, kept from frame to frame by the same rules as the real screen's.
    var retained: RetainedRows
    let memory = ScrollMemory()
    private var layout = TextLayout()
    /// The pictures on screen, by the same rules as the real screen's.
    var placements = ImagePlacements()
    /// The cells the last frame showed, kept while pictures are on screen (a sixel on a row
    /// that changed is sent again).
    private var presentedCells: [Cell] = []
    /// True while a placement blanks its own cells.
    private var placing = false
    /// The cell size in pixels this screen reports (nil: unknown, as on a terminal that does
    /// not say).
    ///
    ///     screen.cellPixelSize = CellPixelSize(width: 8, height: 16)
    public var cellPixelSize: CellPixelSize?
    /// The pictures the last frame sent to the terminal (new ones, and sixels sent again).
    ///
    ///     screen.imagesSent.map(\.rect)   // [Rect(row: 0, column: 0, rows: 4, columns: 8)]
    public private(set) var imagesSent: [ShownImage] = []
    /// The pictures the last frame removed (drawn over, scrolled, resized away, or not placed).
    ///
    ///     screen.imagesRemoved.count   // 1 after a frame that no longer places the poster
    public private(set) var imagesRemoved: [ShownImage] = []
    /// The kitty images the last frame placed again from the terminal's copy (kept, but on rows
    /// that changed).
    ///
    ///     screen.imagesReplaced.count   // 1 after a frame that changed text beside a kitty poster
    public private(set) var imagesReplaced: [ShownImage] = []
    private var pendingInput: [ScreenEvent] = []
    private let woken = WakeFlag()

    public init(size: Size) {
        self.size = size
        self.cells = Array(repeating: .blank, count: size.rows * size.columns)
        self.retained = RetainedRows(rows: size.rows)
        let woken = self.woken
        self.waker = Waker { woken.value.store(true, ordering: .relaxed) }
    }

    public func cell(row: Int, column: Int) -> Cell {
        cells[row * size.columns + column]
    }

    // MARK: Input

    /// Whether the app asked for mouse motion with no button held (`trackMouseMotion(_:)`).
    ///
    ///     screen.tracksMouseMotion   // true after trackMouseMotion(true)
    public private(set) var tracksMouseMotion = false

    /// Records the app's wish; motion reports are injected like any input (`inject`).
    ///
    ///     screen.trackMouseMotion(true)
    public func trackMouseMotion(_ on: Bool) {
        tracksMouseMotion = on
    }

    /// Queues input (a key, a paste, a mouse report) for the next `nextEvents`.
    public func inject(_ input: InputEvent) {
        pendingInput.append(.input(input))
    }

    /// Resizes the grid (content kept where it fits) and queues the resize.
    public func resize(to newSize: Size) {
        var resized = Array(repeating: Cell.blank, count: newSize.rows * newSize.columns)
        for row in 0..<min(size.rows, newSize.rows) {
            for column in 0..<min(size.columns, newSize.columns) {
                resized[row * newSize.columns + column] = cells[row * size.columns + column]
            }
        }
        size = newSize
        cells = resized
        retained.invalidate(rows: newSize.rows)
        placements.invalidate()
        pendingInput.append(.input(.resize(newSize)))
    }

    /// The injected input (and a wake-up, if the waker was used); never blocks.
    public func nextEvents(timeout: Duration?) -> [ScreenEvent] {
        var events = pendingInput
        pendingInput.removeAll()
        if woken.value.exchange(false, ordering: .relaxed) { events.append(.wake) }
        return events
    }

    // MARK: Drawing

    /// What scrolling widgets drew last frame (see `ScrollMemory`).
    public var scrollMemory: ScrollMemory? { memory }

    /// Starts a frame with no cursor: rows are cleared when first drawn on, kept when they show
    /// their identity already, and cleared at `present` if nothing drew on them (as on the real
    /// screen, so that snapshots see what a terminal would).
    public func beginFrame() {
        retained.beginFrame()
        memory.beginFrame()
        placements.beginFrame()
        cursor = nil
    }

    public func present() {
        retained.endFrame { row in clearRow(row) }
        let columns = size.columns
        let update = placements.endFrame { row in
            guard presentedCells.count == cells.count else { return true }
            return cells[(row * columns)..<((row + 1) * columns)] != presentedCells[(row * columns)..<((row + 1) * columns)]
        }
        imagesSent = update.sent.map(\.shown)
        imagesRemoved = update.removed.map(\.shown)
        imagesReplaced = update.replaced.map(\.shown)
        presentedCells = placements.shown.isEmpty ? [] : cells
        framesPresented += 1
    }

    /// The pictures on screen now, in the order they were sent.
    ///
    ///     screen.shownImages.map(\.image.format)   // [.sixel]
    public var shownImages: [ShownImage] { placements.shown.map(\.shown) }

    /// Blanks `rect` and records the picture (see `Canvas.placeImage`).
    public func placeImage(_ image: PlacedImage, in rect: Rect) {
        guard !rect.isEmpty, rect.clipped(to: size) == rect, image.fits(in: rect) else { return }
        placing = true
        fill(rect, with: " ", style: .plain)
        placing = false
        placements.place(image, in: rect)
    }

    /// What the last frame drew, kept, moved and cleared, in rows: a test's count of the work a
    /// key caused.
    ///
    ///     screen.lastFrame.rowsDrawn   // 3 after a Down key on a list
    public var lastFrame: FrameStatistics { retained.statistics }

    public func drawRow(_ row: Int, identity: RowIdentity, edge: RowEdge?, content: () -> Void, edgeContent: () -> Void) {
        drawRetainedRow(row, identity: identity, edge: edge, content: content, edgeContent: edgeContent)
    }

    public func shiftRows(_ rows: Range<Int>, toShow identities: [RowIdentity]) {
        let distance = retained.shift(rows, toShow: identities)
        guard distance != 0 else { return }
        placements.shift(rows)
        let old = cells
        let columns = size.columns
        for row in rows {
            let source = row + distance
            for column in 0..<columns {
                cells[row * columns + column] = rows.contains(source) ? old[source * columns + column] : .blank
            }
        }
    }

    func clearRow(_ row: Int) {
        if !placing { placements.noteDrawing(rows: row..<(row + 1), columns: 0..<size.columns) }
        for column in 0..<size.columns { cells[row * size.columns + column] = .blank }
    }

    @discardableResult
    public func put(_ text: some StringProtocol, row: Int, column: Int, style: Style, width: Int?, ellipsis: Bool) -> Int {
        guard layout.layForPut(text, row: row, column: column, width: width, ellipsis: ellipsis, on: size) else { return 0 }
        if retained.willDraw(row: row) { clearRow(row) }
        var drawn = 0
        layout.forEachGlyph { scalars, start, width in
            let at = column + start
            guard at >= 0 else { return }
            var grapheme = String.UnicodeScalarView()
            for scalar in scalars { grapheme.append(Unicode.Scalar(UInt32(bitPattern: scalar))!) }
            set(row: row, column: at, width: width, cell: Cell(text: String(grapheme), style: style))
            drawn = at + width - max(column, 0)
        }
        if drawn > 0 { placements.noteDrawing(rows: row..<(row + 1), columns: max(column, 0)..<(max(column, 0) + drawn)) }
        return drawn
    }

    public func fill(_ rect: Rect, with character: Character, style: Style) {
        let area = rect.clipped(to: size)
        guard !area.isEmpty else { return }
        let shown = String(TerminalScreen.fillScalar(character))
        if !placing {
            placements.noteDrawing(rows: area.row..<(area.row + area.rows), columns: area.column..<(area.column + area.columns))
        }
        for row in area.row..<(area.row + area.rows) {
            if retained.willDraw(row: row) { clearRow(row) }
            for column in area.column..<(area.column + area.columns) {
                set(row: row, column: column, width: 1, cell: Cell(text: shown, style: style))
            }
        }
    }

    /// Writes a grapheme of `width` cells, as a terminal does: a wide character it overwrites
    /// half of loses its other half.
    private func set(row: Int, column: Int, width: Int, cell: Cell) {
        let base = row * size.columns
        for offset in 0..<width where column + offset < size.columns {
            let index = base + column + offset
            if cells[index].text.isEmpty, column + offset > 0, offset == 0 {
                cells[index - 1] = Cell(text: " ", style: cells[index - 1].style)  // orphaned left half
            }
            if column + offset + 1 < size.columns, cells[index + 1].text.isEmpty, offset == width - 1 {
                cells[index + 1] = Cell(text: " ", style: cells[index + 1].style)  // orphaned right half
            }
            cells[index] = offset == 0 ? cell : Cell(text: "", style: cell.style)
        }
    }
}

/// Set by the headless waker from any thread, taken by `nextEvents`.
private final class WakeFlag: Sendable {
    let value = Atomic<Bool>(false)
}
