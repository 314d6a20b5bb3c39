/// Wakes the thread waiting in `Screen.nextEvents` from any task or thread, so that effects
/// finishing in the background can cause a redraw without a polling timer.
///
///     let waker = screen.waker
///     Task { await load(); waker.wake() }
public struct Waker: Sendable {
    private let body: @Sendable () -> Void

    public init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// Asks the screen's owner to look again. Cheap, never blocks; wake-ups that arrive
    /// together are seen as one.
    public func wake() { body() }
}
