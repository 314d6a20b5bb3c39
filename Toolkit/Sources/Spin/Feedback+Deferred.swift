extension Feedback {
    /// This feedback, attached only from the first state that `isDue` accepts; before, it sees
    /// nothing. A journal that should write nothing until there is something to keep:
    ///
    ///     journal.feedback().startingWhen { !$0.downloads.isEmpty }   // then a snapshot of that state
    ///
    /// Per event, the reduced hooks run before the state hooks, so the event that made the state
    /// due is in what the feedback first sees (a journal's snapshot) and not handed to it again.
    public func startingWhen(_ isDue: @escaping @Sendable (State) -> Bool) -> Self {
        let feedback = self
        return Feedback { core in
            // Hooks run on the draining thread only.
            var attached: FeedbackHooks<State, Event>?
            return FeedbackHooks(
                onState: { state in
                    if attached == nil, isDue(state) { attached = feedback.attach(core) }
                    attached?.onState?(state)
                },
                onBatchEnd: { state in attached?.onBatchEnd?(state) },
                onReduced: { event, state in attached?.onReduced?(event, state) })
        }
    }
}
