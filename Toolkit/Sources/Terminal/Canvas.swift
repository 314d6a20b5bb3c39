/// Where a frame is drawn: the real terminal or the headless one, through the same calls.
///
/// Positions and widths are in display columns. Everything is clipped to the screen, and text
/// is sanitized (see `DisplayText`), so drawing data can neither break the layout nor reach the
/// terminal as an escape sequence.
///
///     screen.frame { canvas in
///         canvas.put("Spindle", row: 0, column: 0, style: .bold)
///         canvas.fill(Rect(row: 1, column: 0, rows: 1, columns: canvas.size.columns), with: "─")
///     }
public protocol Canvas: AnyObject {
    /// The screen size in cells.
    var size: Size { get }

    /// Draws `text` at `row`, `column`, cut to `width` columns (and to the screen's right edge).
    /// A cut text ends with "…" when `ellipsis` is true. Returns the columns drawn.
    @discardableResult
    func put(_ text: some StringProtocol, row: Int, column: Int, style: Style, width: Int?, ellipsis: Bool) -> Int

    /// Fills `rect` with a one-column character in `style`.
    func fill(_ rect: Rect, with character: Character, style: Style)

    /// Where the visible cursor stands once the frame is shown (for text entry); nil hides it.
    var cursor: Position? { get set }

    /// Draws `row` with `content` unless the row already shows `identity` from the last frame,
    /// in which case the screen keeps it and `content` does not run; `edgeContent` draws the
    /// `edge` columns, kept or drawn apart from the rest (see `Canvas+RetainedRows`).
    func drawRow(_ row: Int, identity: RowIdentity, edge: RowEdge?, content: () -> Void, edgeContent: () -> Void)

    /// Says which identities `rows` are about to be drawn with, so that a screen can move the
    /// rows a list scrolled instead of drawing them again (see `Canvas+RetainedRows`).
    func shiftRows(_ rows: Range<Int>, toShow identities: [RowIdentity])

    /// What scrolling widgets remember between frames (see `ScrollMemory`); nil on a canvas that
    /// keeps nothing from one frame to the next.
    var scrollMemory: ScrollMemory? { get }

    /// Shows an encoded picture with its top-left corner at `rect`'s, over the frame's text:
    /// the cells of `rect` are blanked, and the picture is sent after the frame's text, unless
    /// the last frame showed it there already. Drawing on those cells later in the frame drops
    /// it. A rect that does not lie wholly on the canvas places nothing, as does a canvas that
    /// cannot show pictures (the default).
    func placeImage(_ image: PlacedImage, in rect: Rect)

    /// The size of a cell in pixels, when the terminal reports it; nil otherwise.
    var cellPixelSize: CellPixelSize? { get }
}

extension Canvas {
    @discardableResult
    public func put(_ text: some StringProtocol, row: Int, column: Int, style: Style = .plain, width: Int? = nil) -> Int {
        put(text, row: row, column: column, style: style, width: width, ellipsis: true)
    }

    /// No memory: a canvas that is not a screen draws one frame.
    public var scrollMemory: ScrollMemory? { nil }

    /// A canvas that cannot show pictures places nothing.
    public func placeImage(_ image: PlacedImage, in rect: Rect) {}

    /// Unknown: the terminal did not say.
    public var cellPixelSize: CellPixelSize? { nil }

    /// Clears `rect` to blank cells in the default colors.
    public func clear(_ rect: Rect) {
        fill(rect, with: " ", style: .plain)
    }

    /// A full-width row: `text` cut to the width and the rest of the row filled, all in `style`
    /// (a highlighted list row, a status bar).
    public func putRow(_ text: some StringProtocol, row: Int, style: Style = .plain) {
        let drawn = put(text, row: row, column: 0, style: style, width: size.columns)
        if drawn < size.columns {
            fill(Rect(row: row, column: drawn, rows: 1, columns: size.columns - drawn), with: " ", style: style)
        }
    }
}

/// What waiting on a screen can return.
public enum ScreenEvent: Hashable, Sendable {
    /// The user pressed a key, pasted, used the mouse, or resized the terminal.
    case input(InputEvent)
    /// Something woke the screen from another task (see `Waker`): look at your state again.
    case wake
    /// The terminal went away (hang-up, end of input): nothing more will come; quit.
    case closed
}

/// A canvas that shows frames and reads keys: the real terminal or the headless one.
///
/// One thread owns a screen. A frame is drawn in full between `beginFrame` and `present`;
/// the terminal then receives only the cells that changed. Rows drawn with an identity
/// (`drawRow`) that they showed last frame are kept, not drawn again.
public protocol Screen: Canvas {
    /// Starts a frame on a blank canvas with no cursor (a frame that wants one sets `cursor`).
    func beginFrame()
    /// Shows the frame: only what changed since the last one is written.
    func present()
    /// Waits (without polling) for input or a wake-up. `timeout` nil waits for ever; an empty
    /// array means the timeout passed.
    func nextEvents(timeout: Duration?) -> [ScreenEvent]
    /// Wakes `nextEvents` from any thread.
    var waker: Waker { get }
    /// Whether mouse motion with no button held is reported now (as `.moved`).
    ///
    ///     screen.tracksMouseMotion   // true while the app tracks the pointer
    var tracksMouseMotion: Bool { get }
    /// Turns reports of mouse motion with no button held on or off. They cost bytes and a
    /// wake-up per move, so an app asks for them only while it shows something under the
    /// pointer; with the mouse off by the user's option they stay off.
    ///
    ///     screen.trackMouseMotion(true)   // `.moved` reports from now on
    func trackMouseMotion(_ on: Bool)
}

extension Screen {
    /// Draws one whole frame and shows it.
    public func frame(_ draw: (Self) -> Void) {
        beginFrame()
        draw(self)
        present()
    }
}
