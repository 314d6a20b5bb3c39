import Terminal

/// A spinner's frames and how fast they turn: the frame for an animation tick.
///
///     let spinner = LoadingSpinner.braille
///     canvas.put(spinner.frame(forTick: tick) + " Loading…", row: 5, column: 1, style: .dim)
///     TerminalView(render: …, keyMap: …, animationInterval: spinner.interval)
public struct LoadingSpinner: Hashable, Sendable {
    /// The frames, each one display column wide ideally.
    public var frames: [String]
    /// How long each frame shows.
    public var interval: Duration

    /// A spinner of `frames` (at least one; an empty list shows a blank).
    ///
    ///     LoadingSpinner(frames: ["-", "\\", "|", "/"], interval: .milliseconds(120))
    public init(frames: [String], interval: Duration = .milliseconds(100)) {
        self.frames = frames
        self.interval = interval
    }

    /// The frame shown at `tick` (any integer, negative ones too).
    ///
    ///     spinner.frame(forTick: 11)   // the 2nd frame of 10
    public func frame(forTick tick: Int) -> String {
        guard !frames.isEmpty else { return " " }
        let count = frames.count
        return frames[((tick % count) + count) % count]
    }

    /// The frame shown after `elapsed` time.
    ///
    ///     spinner.frame(after: .milliseconds(250))   // the 3rd frame at 100 ms
    public func frame(after elapsed: Duration) -> String {
        let interval = max(interval.nanoseconds, 1)
        return frame(forTick: Int(elapsed.nanoseconds / interval))
    }

    /// ⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏ every 100 ms.
    ///
    ///     LoadingSpinner.braille.frame(forTick: 0)   // "⠋"
    public static let braille = LoadingSpinner(frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])

    /// | / - \ every 100 ms, for terminals without braille.
    ///
    ///     LoadingSpinner.line.frame(forTick: 1)   // "/"
    public static let line = LoadingSpinner(frames: ["|", "/", "-", "\\"])
}

extension Duration {
    /// The whole duration in nanoseconds (saturating at Int64's range).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? (seconds < 0 ? .min : .max) : scaled &+ attoseconds / 1_000_000_000
    }
}
