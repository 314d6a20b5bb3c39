import Catalog

// The requests the downloads' state queries return. A feedback reacts to each set: an effect
// starts when a request appears and is cancelled (its queued events dropped) when it leaves.

/// Fetch the parts of a running download, concurrently: one execution of the title's `Action`.
/// `attempt` makes a retry a new request.
///
///     Feedback.react(requests: { $0.transferRequests }, sending: { request, send in … action.execute(…) … })
package struct TransferRequest: Hashable, Sendable {
    package var title: Title
    package var parts: [DownloadPart]
    package var attempt: Int
}

/// Delete what was stored for a removed title.
///
///     state.removalRequests   // [RemovalRequest(title: film)] after `.removeRequested("film")`
package struct RemovalRequest: Hashable, Sendable {
    package var title: Title
}
