import ServerWire

/// What a `FaultServer` does with the requests it gets; each test sets its own.
enum FaultBehaviour: Sendable {
    /// A library of these titles, paged as `spindle serve` pages them (next links and a Link
    /// header), searched by `q` (titles containing it), with `/v1/titles/{id}/next`. The next
    /// links point at `nextOrigin` when given (another server), else at this one.
    case library([WireTitle], nextOrigin: String? = nil)
    /// Answers as `then` does, but only after `delay`.
    indirect case slow(Duration, then: FaultBehaviour)
    /// Any status with this body, as JSON.
    case answer(status: Int, body: String)
    /// A 301 to `location`.
    case redirect(to: String)
    /// Sends the head of a 200 announcing 1000 bytes, a few of them, then closes.
    case closeAfterHeaders
    /// The same head and bytes, then nothing more: the body never ends.
    case stallAfterHeaders
    /// A 200 of `bytes` bytes of JSON-looking text; with or without a Content-Length.
    case huge(bytes: Int, announced: Bool)
    /// Never answers: keeps the request until the client gives up.
    case hold
    /// Closes the connection as soon as a request has come, with no answer, for the first
    /// `times` requests (a kept-alive connection the server had closed); then as `then` does.
    indirect case closeBeforeAnswer(times: Int, then: FaultBehaviour)
}
