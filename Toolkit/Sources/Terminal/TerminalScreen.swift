import CNCursesW
import CTerminalRestore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The real terminal, through ncursesw: the only code in Spindle that calls ncurses.
///
/// Starting it takes the terminal (alternate screen, no echo, keys decoded, cursor hidden);
/// `stop()` gives it back exactly as it was (`stty -g` identical). So do Ctrl+C, SIGTERM,
/// SIGHUP and crashes: a signal handler restores the terminal before the process dies, and
/// Ctrl+Z suspends to the shell and comes back redrawn. Only one can run at a time, on one
/// thread.
///
///     let screen = try TerminalScreen()
///     defer { screen.stop() }
///     screen.frame { $0.put("Hello", row: 0, column: 0) }
///     let events = screen.nextEvents(timeout: nil)
public final class TerminalScreen: Screen {
    public internal(set) var size: Size {
        // ncurses keeps the cells it can on a resize; what they show is no longer known.
        didSet {
            guard size != oldValue else { return }
            retained.invalidate(rows: size.rows)
            placements.invalidate()
            cellPixels = Self.cellPixels(outputFD)
        }
    }
    public var cursor: Position?
    public let waker: Waker
    /// Whether colors are drawn (false with NO_COLOR or on a terminal without colors).
    package var colorsEnabled: Bool { palette.enabled }

    let window: UnsafeMutablePointer<WINDOW>
    let inputFD: Int32
    let outputFD: Int32
    let pipe: SelfPipe
    var palette: ColorPalette
    var layout = TextLayout()
    var cursorShown = false
    /// What each row shows, so that unchanged rows are kept (see `RetainedRows`).
    var retained = RetainedRows(rows: 0)
    let memory = ScrollMemory()
    var assembler = InputAssembler()
    var inputModes: InputModes
    /// The pictures on screen (see `ImagePlacements`).
    var placements = ImagePlacements()
    /// Rows whose sixel pixels may have moved (a scroll): redrawn by the next update.
    var rowsToRedraw: [Range<Int>] = []
    /// True while a placement blanks its own cells.
    var placing = false
    /// Whether the restore sequence already deletes kitty images.
    var restoreDeletesImages = false
    var cellPixels: CellPixelSize?
    private let screen: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let openedFDs: [Int32]
    private let handlesSignals: Bool
    private(set) var running = true

    private static let isActive = Atomic<Bool>(false)

    public init(options: TerminalOptions = TerminalOptions()) throws(TerminalError) {
        guard Self.isActive.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw .cannotStart("another terminal screen is running")
        }
        var opened: [Int32] = []
        do {
            UTF8Locale.activateFromEnvironment()
            let pipe = try SelfPipe()
            let input: Int32, output: Int32, type: String?
            switch options.device {
            case .controllingTerminal:
                (input, output) = try Self.controllingTerminal(opened: &opened)
                type = nil
                handlesSignals = true
            case .streams(let givenInput, let givenOutput, let givenType, _):
                (input, output, type) = (givenInput, givenOutput, givenType)
                handlesSignals = false
                use_env(false)
            }
            if handlesSignals {
                // The modes to give back, read before curses changes anything.
                _ = spindle_restore_prepare(input, output)
            }
            guard let outFile = fdopen(dup(output), "w"), let inFile = fdopen(dup(input), "r") else {
                throw TerminalError.cannotStart("fdopen: \(String(cString: strerror(errno)))")
            }
            let termType = type ?? getenv("TERM").map { String(cString: $0) } ?? ""
            guard !termType.isEmpty else {
                fclose(outFile); fclose(inFile)
                throw TerminalError.unknownTerminalType("(TERM is not set)")
            }
            switch spindle_terminal_addresses_cursor(termType, output) {
            case 1: break
            case 0:
                fclose(outFile); fclose(inFile)
                throw TerminalError.cannotAddressCursor(termType)
            default:
                fclose(outFile); fclose(inFile)
                throw TerminalError.unknownTerminalType(termType)
            }
            guard let screen = newterm(termType, outFile, inFile) else {
                fclose(outFile); fclose(inFile)
                throw TerminalError.unknownTerminalType(termType)
            }
            set_term(screen)
            // First, so that the modes set below (keypad transmit, the cursor) are not undone.
            Self.leaveFirstUpdateState()
            self.screen = screen
            self.inputFile = inFile
            self.outputFile = outFile
            self.inputFD = input
            self.outputFD = output
            self.openedFDs = opened
            self.pipe = pipe
            self.inputModes = InputModes(paste: options.bracketedPaste, mouse: options.mouse)
            self.waker = Waker { pipe.send(UInt8(ascii: "w")) }
            self.window = spindle_stdscr()
            if case .streams(_, _, _, let size?) = options.device {
                resizeterm(Int32(size.rows), Int32(size.columns))
            }
            self.size = Size(rows: Int(spindle_getmaxy(spindle_stdscr())), columns: Int(spindle_getmaxx(spindle_stdscr())))
            self.palette = ColorPalette(enabled: Self.startColors(options.colors))
            self.retained = RetainedRows(rows: size.rows)
            self.cellPixels = Self.cellPixels(output)
        } catch {
            opened.forEach { close($0) }
            Self.isActive.store(false, ordering: .releasing)
            if handlesSignalsWasPrepared(options) { spindle_restore_modes_only() }
            throw error as? TerminalError ?? .cannotStart("\(error)")
        }
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        nodelay(window, true)
        meta(window, true)
        // No typeahead check: by default ncurses flushes what it wrote so far and polls the
        // input between the lines of an update, to give up a frame when a key is waiting; that
        // is a write and a poll per changed line (about 25 system calls per Down key). The UI
        // loop already draws once per batch of keys, so a frame is always written whole, in one
        // write.
        typeahead(-1)
        set_escdelay(options.escapeDelayMilliseconds)
        curs_set(0)
        InputMarker.defineAll()
        CommonKeySequences.defineMissing()
        writeModes(enabling: true)
        if handlesSignals {
            let bytes = Array(inputModes.disable.utf8CString.dropLast()) + Self.restoreSequence()
            bytes.withUnsafeBufferPointer { spindle_restore_set_sequence($0.baseAddress, $0.count) }
            spindle_restore_install(pipe.writeEnd)
        }
    }

    deinit {
        stop()
    }

    /// Gives the terminal back as it was. Idempotent.
    public func stop() {
        guard running else { return }
        running = false
        removeKittyImages()
        curs_set(1)
        // Without an alternate screen (vt100) the list would stay under the shell's prompt.
        let clearAfter = Self.capability("smcup") == nil ? Self.capability("clear") : nil
        endwin()
        writeModes(enabling: false)
        if let clearAfter {
            _ = clearAfter.withUnsafeBufferPointer { write(outputFD, $0.baseAddress, $0.count) }
        }
        if handlesSignals {
            spindle_restore_modes_only()
            spindle_restore_uninstall()
        }
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        openedFDs.forEach { close($0) }
        Self.isActive.store(false, ordering: .releasing)
    }

    /// The cell size in pixels the terminal reports through the window size, or nil.
    static func cellPixels(_ fd: Int32) -> CellPixelSize? {
        var width: Int32 = 0, height: Int32 = 0
        guard spindle_cell_pixels(fd, &width, &height) == 0, width > 0, height > 0 else { return nil }
        return CellPixelSize(width: Int(width), height: Int(height))
    }

    /// Standard input and output when they are the terminal, else /dev/tty.
    private static func controllingTerminal(opened: inout [Int32]) throws(TerminalError) -> (Int32, Int32) {
        var tty: Int32 = -1
        func openTTY() throws(TerminalError) -> Int32 {
            if tty >= 0 { return tty }
            tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
            guard tty >= 0 else { throw .notATerminal }
            opened.append(tty)
            return tty
        }
        let input = isatty(STDIN_FILENO) == 1 ? STDIN_FILENO : try openTTY()
        let output = isatty(STDOUT_FILENO) == 1 ? STDOUT_FILENO : try openTTY()
        return (input, output)
    }

    private static func startColors(_ mode: TerminalOptions.ColorMode) -> Bool {
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        guard mode == .automatic, !noColor, has_colors() else { return false }
        start_color()
        use_default_colors()
        return true
    }

    /// What leaves the terminal usable from a signal handler (after the input modes are turned
    /// off): attributes off, cursor shown, keypad mode off, alternate screen left (or, without one, the screen cleared); from terminfo.
    private static func restoreSequence() -> [CChar] {
        var bytes: [CChar] = []
        for name in ["sgr0", "cnorm", "rmkx", "rmcup"] { bytes += capability(name) ?? [] }
        if capability("smcup") == nil { bytes += capability("clear") ?? [] }
        return bytes
    }

    /// A string capability of the current terminal, without its terminating NUL.
    static func capability(_ name: String) -> [CChar]? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        var bytes: [CChar] = []
        var pointer = value
        while pointer.pointee != 0 {
            bytes.append(pointer.pointee)
            pointer += 1
        }
        return bytes
    }
}

private func handlesSignalsWasPrepared(_ options: TerminalOptions) -> Bool {
    if case .controllingTerminal = options.device { return true }
    return false
}
