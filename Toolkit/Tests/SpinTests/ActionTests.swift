import Spin
import Testing

@Suite("Action: one execution at a time")
struct ActionTests {
    @Test("execute returns the elements of that execution, and they are broadcast")
    func executeReturnsResults() async throws {
        let action = Action<Int, Int>(work: { last in
            AsyncStream { continuation in
                for step in 1...last { continuation.yield(step) }
                continuation.finish()
            }
        })
        var elements = action.elements.makeAsyncIterator()
        let results = try await action.execute(3)
        #expect(results == [1, 2, 3])
        var broadcast: [Int] = []
        for _ in 0..<3 { if let element = await elements.next() { broadcast.append(element) } }
        #expect(broadcast == [1, 2, 3])
    }

    @Test("executing while an execution runs fails with notEnabled and runs no work")
    func oneAtATime() async throws {
        let started = TaskCounter()
        let finish = Signal()
        let action = Action<String, String>(perform: { input in
            started.enter()
            await finish.wait()
            return input.uppercased()
        })
        var executing = action.isExecuting.makeAsyncIterator()
        var enabled = action.isEnabled.makeAsyncIterator()
        #expect(await executing.next() == false)
        #expect(await enabled.next() == true)

        async let first = action.execute("first")
        #expect(await executing.next() == true)
        #expect(await enabled.next() == false)

        await #expect(throws: ActionError.self) { try await action.execute("second") }
        do {
            try await action.execute("third")
            Issue.record("a busy action ran")
        } catch {
            guard case .notEnabled = error else { Issue.record("unexpected \(error)"); return }
        }
        #expect(started.started == 1)

        finish.fire()
        #expect(try await first == ["FIRST"])
        #expect(await executing.next() == false)
        #expect(await enabled.next() == true)
        #expect(try await action.execute("again") == ["AGAIN"])
    }

    @Test("enabledIf disables the action; a disabled execution fails with notEnabled")
    func enabledIf() async throws {
        let (condition, setCondition) = AsyncStream.makeStream(of: Bool.self)
        let runs = TaskCounter()
        let action = Action<Int, Int>(enabledIf: condition, work: { value in
            runs.enter()
            return AsyncStream { continuation in
                continuation.yield(value * 2)
                continuation.finish()
            }
        })
        var enabled = action.isEnabled.makeAsyncIterator()
        var errors = action.errors.makeAsyncIterator()
        #expect(await enabled.next() == false)   // disabled until the condition speaks
        setCondition.yield(true)
        #expect(await enabled.next() == true)
        #expect(try await action.execute(21) == [42])
        #expect(await enabled.next() == false)   // while executing
        #expect(await enabled.next() == true)
        setCondition.yield(false)
        #expect(await enabled.next() == false)
        do {
            try await action.execute(1)
            Issue.record("a disabled action ran")
        } catch {
            guard case .notEnabled = error else { Issue.record("unexpected \(error)"); return }
        }
        guard case .notEnabled = await errors.next() else { Issue.record("notEnabled was not broadcast"); return }
        #expect(runs.started == 1)
    }

    @Test("a failing work throws its error to the caller and on the errors sequence")
    func workErrors() async {
        struct Offline: Error {}
        let action = Action<Void, Int>(perform: { throw Offline() })
        var errors = action.errors.makeAsyncIterator()
        do {
            try await action.execute(())
            Issue.record("the work did not fail")
        } catch {
            guard case .underlyingError(let underlying) = error else { Issue.record("unexpected \(error)"); return }
            #expect(underlying is Offline)
        }
        guard case .underlyingError = await errors.next() else { Issue.record("the error was not broadcast"); return }
    }

    @Test("cancelling the task that awaits a streaming execution throws cancelled, not a partial success")
    func cancelledStreamingExecution() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        let action = Action<Void, Int>(work: { _ in stream })
        var elements = action.elements.makeAsyncIterator()
        let execution = Task { try await action.execute(()) }
        continuation.yield(1)
        #expect(await elements.next() == 1)
        execution.cancel()
        switch await execution.result {
        case .success(let elements): Issue.record("a cancelled execution succeeded with \(elements)")
        case .failure(let error):
            guard case .cancelled = error as? ActionError else { Issue.record("unexpected \(error)"); return }
        }
        // The action is free again.
        continuation.finish()
        var executing = action.isExecuting.makeAsyncIterator()
        #expect(await executing.next() == false)
    }

    @Test("cancelling the task that awaits a perform execution throws cancelled")
    func cancelledPerformExecution() async {
        let started = Signal()
        let action = Action<Int, Int>(perform: { value in
            started.fire()
            try? await Task.sleep(for: .seconds(60))   // ends early when cancelled; swallows the error
            return value
        })
        let execution = Task { try await action.execute(7) }
        await started.wait()
        execution.cancel()
        switch await execution.result {
        case .success(let elements): Issue.record("a cancelled execution succeeded with \(elements)")
        case .failure(let error):
            guard case .cancelled = error as? ActionError else { Issue.record("unexpected \(error)"); return }
        }
    }
}
