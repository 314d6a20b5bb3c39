import Synchronization

/// A mediator through which spins exchange events without knowing each other.
///
///     let session = Gear<SessionEvent>()
///     Feedback<Feature, FeatureEvent>(everyState: { { if $0.isUnauthorized { session.propagate(.expired) } } })
///     Feedback<Router, RouterEvent>(attachedTo: session, receiving: { $0 == .expired ? .showLogin : nil })
///
/// Delivery is synchronous: `propagate(_:)` hands the event to every attached receiver before it
/// returns. A receiving spin queues the event like any other, so spins pushing to each other
/// through a gear never reduce recursively.
public final class Gear<Event: Sendable>: Sendable {
    private struct Receivers {
        var handlers: [UInt64: @Sendable (Event) -> Void] = [:]
        var nextID: UInt64 = 0
    }

    private let receivers = Lock(Receivers())

    /// A gear with no spin attached yet.
    ///
    ///     let session = Gear<SessionEvent>()
    public init() {}

    /// Hands `event` to every attached receiver.
    public func propagate(_ event: Event) {
        let handlers = receivers.withLock { Array($0.handlers.values) }
        for handle in handlers { handle(event) }
    }

    /// Attaches a receiver; returns the function that detaches it.
    package func attach(_ handler: @escaping @Sendable (Event) -> Void) -> @Sendable () -> Void {
        let id = receivers.withLock { receivers -> UInt64 in
            receivers.nextID += 1
            receivers.handlers[receivers.nextID] = handler
            return receivers.nextID
        }
        return { [weak self] in self?.receivers.withLock { _ = $0.handlers.removeValue(forKey: id) } }
    }
}
