/// Emits events into a spin from a feedback that is not an effect (a UI observer).
///
///     Feedback<Menu, MenuEvent>(observe: { menu, emit in
///         renderer.show(menu, onKey: { emit(.keyPressed($0)) })
///     })
///
/// An event emitted while the spin is draining is queued, never reduced recursively. The
/// emitter does not keep the spin alive; after the spin stops it does nothing.
public struct Emitter<Event: Sendable>: Sendable {
    @usableFromInline let send: @Sendable (Event) -> Void

    /// An emitter that hands each event to `send` (a test of an effect collects them).
    @inlinable
    public init(_ send: @escaping @Sendable (Event) -> Void) {
        self.send = send
    }

    /// Queues `event` behind the current batch.
    ///
    ///     emitter.emit(.refreshed)
    public func emit(_ event: Event) { send(event) }

    /// Same as `emit(_:)`: `emit(.refreshed)` reads naturally in an observer.
    public func callAsFunction(_ event: Event) { send(event) }
}
