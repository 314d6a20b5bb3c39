/// A feedback that hears a `Gear`: another spin (or anything) propagates events on the gear, and
/// this spin receives them as its own. (To propagate, a feedback calls `gear.propagate` from
/// `everyState`, which sees each state once.)
///
///     Feedback<Router, RouterEvent>(attachedTo: gear, receiving: { $0 == .authExpired ? .checkAuth : nil })
extension Feedback {
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
