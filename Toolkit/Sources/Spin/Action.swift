import Synchronization

/// A command that runs asynchronous work for an input, at most one execution at a time.
///
///     let download = Action<Title, Int>(enabledIf: network.isOnline) { title in downloader.progress(of: title) }
///     let progress = try await download.execute(title)   // every element of this execution
///     for await busy in download.isExecuting { button.isDimmed = busy }
///
/// Executing while another execution runs, or while `enabledIf` is false, fails at once with
/// `ActionError.notEnabled` and runs no work. The work runs in the caller's task, so cancelling
/// the caller cancels it, and `execute` then throws `ActionError.cancelled` (never a partial
/// result that looks like success).
public final class Action<Input: Sendable, Element: Sendable>: Sendable {
    private struct Status {
        var condition: Bool
        var isExecuting = false
        var isEnabled: Bool { condition && !isExecuting }
    }

    /// Runs the work for an input, handing each element to the callback, in the caller's task.
    private let work: @Sendable (Input, (Element) -> Void) async throws -> Void
    private let status: Lock<Status>
    private let enabledStates: Broadcast<Bool>
    private let executingStates = Broadcast<Bool>(current: false)
    private let elementsOut = Broadcast<Element>()
    private let errorsOut = Broadcast<ActionError>()
    private let conditionTask = Lock<Task<Void, Never>?>(nil)

    /// An action that is enabled whenever it is not executing.
    public convenience init<S: AsyncSequence & SendableMetatype>(
        work: @escaping @Sendable (Input) -> S
    ) where S.Element == Element {
        self.init(enabled: true, work: work)
    }

    /// An action enabled while the last value of `condition` is true (and it is not executing).
    /// It is disabled until `condition` produces its first value.
    public convenience init<Condition: AsyncSequence & Sendable, S: AsyncSequence & SendableMetatype>(
        enabledIf condition: Condition,
        work: @escaping @Sendable (Input) -> S
    ) where Condition.Element == Bool, Condition.Failure == Never, S.Element == Element {
        self.init(enabled: false, work: work)
        let task = Task { [weak self] in
            for await isEnabled in condition {
                guard let self else { return }
                self.setCondition(isEnabled)
            }
        }
        conditionTask.withLock { $0 = task }
    }

    /// An action whose work produces a single element.
    public init(perform: @escaping @Sendable (Input) async throws -> Element) {
        self.work = { input, receive in receive(try await perform(input)) }
        self.status = Lock(Status(condition: true))
        self.enabledStates = Broadcast(current: true)
    }

    private init<S: AsyncSequence & SendableMetatype>(
        enabled: Bool, work: @escaping @Sendable (Input) -> S
    ) where S.Element == Element {
        self.work = { input, receive in
            for try await element in work(input) { receive(element) }
        }
        self.status = Lock(Status(condition: enabled))
        self.enabledStates = Broadcast(current: enabled)
    }

    deinit {
        conditionTask.withLock { $0 }?.cancel()
        for broadcast in [enabledStates, executingStates] { broadcast.finish() }
        elementsOut.finish()
        errorsOut.finish()
    }

    /// Whether `execute(_:)` would run now; the current value first, then each change.
    public var isEnabled: AsyncStream<Bool> { enabledStates.subscribe() }

    /// Whether an execution is running; the current value first, then each change.
    public var isExecuting: AsyncStream<Bool> { executingStates.subscribe() }

    /// The elements of every execution, from the moment of subscription.
    public var elements: AsyncStream<Element> { elementsOut.subscribe() }

    /// The errors of every execution, `notEnabled` included, from the moment of subscription.
    public var errors: AsyncStream<ActionError> { errorsOut.subscribe() }

    /// Runs the work for `input` and returns the elements it produced, in order.
    @discardableResult
    public func execute(_ input: Input) async throws(ActionError) -> [Element] {
        let began = status.withLock { status -> Bool in
            guard status.isEnabled else { return false }
            status.isExecuting = true
            return true
        }
        guard began else {
            errorsOut.send(.notEnabled)
            throw .notEnabled
        }
        publishStatus()
        defer {
            status.withLock { $0.isExecuting = false }
            publishStatus()
        }
        var results: [Element] = []
        do {
            try await work(input) { element in
                results.append(element)
                elementsOut.send(element)
            }
        } catch is CancellationError {
            throw .cancelled
        } catch {
            // Work that fails because it was cancelled reports the cancel, not its own error.
            if Task.isCancelled { throw .cancelled }
            errorsOut.send(.underlyingError(error))
            throw .underlyingError(error)
        }
        // A cancelled stream ends as if it were complete: only the task can tell the two apart.
        if Task.isCancelled { throw .cancelled }
        return results
    }

    private func setCondition(_ isEnabled: Bool) {
        status.withLock { $0.condition = isEnabled }
        publishStatus()
    }

    private func publishStatus() {
        // Published under the status lock so that two changes cannot be seen out of order.
        status.withLock { status in
            enabledStates.send(status.isEnabled)
            executingStates.send(status.isExecuting)
        }
    }
}
