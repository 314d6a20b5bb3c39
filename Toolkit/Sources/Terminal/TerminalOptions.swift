/// How a `TerminalScreen` starts.
public struct TerminalOptions: Sendable {
    /// Which terminal to use.
    public enum Device: Sendable {
        /// The user's terminal: standard input/output, or /dev/tty when they are redirected.
        /// Signals and crashes restore it.
        case controllingTerminal
        /// Given file descriptors and terminal type, e.g. a pipe to count the bytes a frame costs.
        /// The size comes from terminfo (80x24 for xterm) unless `size` is given. No signal
        /// handling: the caller owns these descriptors.
        case streams(input: Int32, output: Int32, type: String, size: Size?)
    }

    public enum ColorMode: Sendable {
        /// Colors when the terminal has them and NO_COLOR is not set.
        case automatic
        /// Attributes only.
        case never
    }

    public var device: Device
    public var colors: ColorMode
    /// How long a lone Esc waits for the rest of an escape sequence (ncurses' default is 1 s).
    public var escapeDelayMilliseconds: Int32
    /// Mouse reports (clicks, the wheel) as `.mouse` keys. Off, the terminal keeps the mouse for
    /// its own selection.
    public var mouse: Bool
    /// Pastes as one `.paste` key, never as typed keys (bracketed paste).
    public var bracketedPaste: Bool

    public init(
        device: Device = .controllingTerminal, colors: ColorMode = .automatic, escapeDelayMilliseconds: Int32 = 25,
        mouse: Bool = true, bracketedPaste: Bool = true
    ) {
        self.device = device
        self.colors = colors
        self.escapeDelayMilliseconds = escapeDelayMilliseconds
        self.mouse = mouse
        self.bracketedPaste = bracketedPaste
    }
}
