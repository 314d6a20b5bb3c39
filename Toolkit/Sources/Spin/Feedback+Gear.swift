/// Feedbacks that connect a spin to a `Gear`.
///
///     Feedback<Feature, FeatureEvent>(attachedTo: gear, propagating: { $0 == .unauthorized ? .authExpired : nil })
///     Feedback<Router, RouterEvent>(attachedTo: gear, receiving: { $0 == .authExpired ? .checkAuth : nil })
extension Feedback {
    /// Pushes a gear event for every state that `propagating` maps to one.
    public init<GearEvent: Sendable>(
        attachedTo gear: Gear<GearEvent>,
        propagating: @escaping @Sendable (State) -> GearEvent?
    ) {
        self.init { _ in
            FeedbackHooks(onState: { state in
                if let gearEvent = propagating(state) { gear.propagate(gearEvent) }
            })
        }
    }

    /// Turns the gear's events into this spin's events, while the spin runs.
    public init<GearEvent: Sendable>(
        attachedTo gear: Gear<GearEvent>,
        receiving: @escaping @Sendable (GearEvent) -> Event?
    ) {
        self.init { core in
            let detach = gear.attach { [weak core] gearEvent in
                if let event = receiving(gearEvent) { core?.emit(event) }
            }
            core.onStop(detach)
            return FeedbackHooks()
        }
    }
}
