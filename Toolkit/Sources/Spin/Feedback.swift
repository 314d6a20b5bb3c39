/// A feedback observes the states of a spin and produces events: the only place where effects
/// (I/O, time, rendering) happen.
///
///     let loadPage = Feedback<Browser, BrowserEvent>.react(query: \.pageToLoad) { page in
///         catalog.pages(page).map(BrowserEvent.pageLoaded)
///     }
///
/// Every form reduces to two synchronous hooks run by the draining thread: one for each
/// reduced state (in order, starting with the initial state) and one at the end of each
/// drained batch. Asynchronous work is started from those hooks as tagged effect runs.
public struct Feedback<State: Sendable, Event: Sendable>: Sendable {
    @usableFromInline package let attach: @Sendable (SpinCore<State, Event>) -> FeedbackHooks<State, Event>

    @usableFromInline
    package init(attach: @escaping @Sendable (SpinCore<State, Event>) -> FeedbackHooks<State, Event>) {
        self.attach = attach
    }
}

/// The synchronous hooks of one attached feedback. They run only on the thread holding the
/// drain token, so they may keep mutable bookkeeping without locks.
///
/// `onReduced` sees each event the reducer actually reduced (never a stale one) with the state
/// it produced; a spin none of whose feedbacks has it pays nothing per event for it.
@usableFromInline
package struct FeedbackHooks<State, Event> {
    @usableFromInline package var onState: ((State) -> Void)?
    @usableFromInline package var onBatchEnd: ((State) -> Void)?
    @usableFromInline package var onReduced: ((Event, State) -> Void)?

    @inlinable
    package init(
        onState: ((State) -> Void)? = nil,
        onBatchEnd: ((State) -> Void)? = nil,
        onReduced: ((Event, State) -> Void)? = nil
    ) {
        self.onState = onState
        self.onBatchEnd = onBatchEnd
        self.onReduced = onReduced
    }
}
