/// A source's transfer of one part, as downloads events: each report becomes `.progressed` with
/// the time it arrived, an error becomes `.failed` with a readable message, and a transfer that
/// ends before `.finished` (not cancelled) is a failure too. A cancelled one just ends.
struct TransferEvents<Base: AsyncSequence<DownloadProgress, any Error> & Sendable>: AsyncSequence, Sendable {
    typealias Element = DownloadsEvent
    typealias Failure = Never

    let base: Base
    let id: String
    let part: DownloadPart
    let elapsed: @Sendable () -> Duration

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), id: id, part: part, elapsed: elapsed)
    }

    struct Iterator: AsyncIteratorProtocol {
        typealias Failure = Never

        var base: Base.AsyncIterator
        let id: String
        let part: DownloadPart
        let elapsed: @Sendable () -> Duration
        var isDone = false

        mutating func next() async -> DownloadsEvent? {
            guard !isDone else { return nil }
            do {
                guard let report = try await base.next() else {
                    isDone = true
                    if Task.isCancelled { return nil }
                    return .failed(id, part, message: "the transfer of the \(part.rawValue) ended before it was complete; try again")
                }
                if case .finished = report { isDone = true }
                return .progressed(id, part, report, at: elapsed())
            } catch {
                isDone = true
                if Task.isCancelled || error is CancellationError { return nil }
                return .failed(id, part, message: DownloadError(describing: error).message)
            }
        }
    }
}
