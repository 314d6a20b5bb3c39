/// What the last frame cost a screen, in rows: for tests and benchmarks.
///
///     screen.lastFrame.rowsDrawn   // 3 after a Down key on a list
public struct FrameStatistics: Hashable, Sendable {
    /// Rows drawn afresh (cleared, unless blank, then drawn).
    public package(set) var rowsDrawn = 0
    /// Rows left as they were: they showed what their identity stands for already.
    public package(set) var rowsKept = 0
    /// Rows whose content moved up or down with a scrolled list rather than being drawn again.
    public package(set) var rowsShifted = 0
    /// Rows cleared because nothing drew on them this frame.
    public package(set) var rowsCleared = 0
    /// Rows kept but for their edge (a scrollbar cell), which was drawn again.
    public package(set) var edgesDrawn = 0

    /// No rows yet: what a frame starts from.
    package init() {}
}
