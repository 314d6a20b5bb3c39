/// What scrolling widgets remember between frames, kept by the screen: the offset each one drew
/// last, under an id the app gives it (a table's scroll, so that it scrolls from where it was
/// rather than from the top).
///
/// It is drawing's memory, not the app's state: the state holds the selection, and a widget
/// works out the rows it shows at draw time, starting from the offset it drew last frame. An
/// entry lasts while its widget is drawn: one not drawn in a frame is forgotten at the next, so a
/// screen the app comes back to scrolls from the state's offset again.
///
///     canvas.scrollMemory?.offset(for: "downloads")   // 12: the table's first row last frame
public final class ScrollMemory {
    /// The offsets drawn in the frame before this one.
    private var previous: [AnyHashable: Int] = [:]
    /// The offsets drawn in this frame so far.
    private var current: [AnyHashable: Int] = [:]

    /// An empty memory (a screen makes one).
    ///
    ///     let memory = ScrollMemory()
    public init() {}

    /// The offset the widget `id` drew last (this frame or the one before), if it was drawn.
    ///
    ///     memory.offset(for: "downloads")   // nil on the first frame
    public func offset(for id: some Hashable) -> Int? {
        let key = AnyHashable(id)
        return current[key] ?? previous[key]
    }

    /// Records the offset the widget `id` draws with in this frame.
    ///
    ///     memory.setOffset(12, for: "downloads")
    public func setOffset(_ offset: Int, for id: some Hashable) {
        current[AnyHashable(id)] = offset
    }

    /// Starts a frame: what the last frame drew is what is remembered; anything older is gone.
    ///
    ///     memory.beginFrame()
    public func beginFrame() {
        previous = current
        current = [:]
    }
}
