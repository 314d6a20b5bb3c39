import Spin
import SpinTesting
import SpindleUITesting
import Synchronization
import Terminal
import Testing
import TodoKit

/// What the save effect was asked to write, in order.
final class SaveRecorder: Sendable {
    let writes = Mutex<[[Todo]]>([])
    let error = Mutex<TodoFileError?>(nil)

    func save(_ todos: [Todo]) throws {
        if let error = error.withLock({ $0 }) { throw error }
        writes.withLock { $0.append(todos) }
    }

    var saved: [[Todo]] { writes.withLock { $0 } }
}

/// The save effect on virtual time: nothing sleeps, the tests move the clock.
@Suite("Todo example: saving")
struct TodoSavingTests {
    static let milk = Todo(id: 1, title: "Buy milk")

    @Test("a change is saved 1 s later, and the file is then known to hold it")
    func savesAfterASecond() async {
        let recorder = SaveRecorder()
        let store = TestStore(initialState: TodoState(todos: [Self.milk])) {
            TodoFeedbacks.saving(with: recorder.save)
            TodoApp.reducer
        }
        await store.send(.doneToggled) { $0.todos[0].isDone = true }
        await store.advance(by: .milliseconds(999))
        #expect(recorder.saved.isEmpty)
        await store.advance(by: .milliseconds(1))
        let done = [Todo(id: 1, title: "Buy milk", isDone: true)]
        await store.receive(.saved(done)) { $0.savedTodos = done }
        #expect(recorder.saved == [done])
        await store.finish()
    }

    @Test("undoing a change whose save failed leaves nothing to save, and no error")
    func undoingClearsTheError() async {
        let recorder = SaveRecorder()
        recorder.failsAsReadOnly()
        let driver = Self.driver(todos: [Self.milk], saving: recorder)
        await driver.start()
        await driver.press(.character(" "))
        await driver.advance(by: .seconds(1))
        #expect(driver.state?.saveError != nil)
        await driver.press(.character(" "))
        #expect(driver.state?.saveError == nil)
        #expect(driver.state?.todosToSave == nil)
    }

    @Test("a burst of changes is one write, 1 s after the last")
    func debounces() async {
        let recorder = SaveRecorder()
        let driver = Self.driver(todos: [], saving: recorder)
        await driver.start()
        for title in ["one", "two", "three"] {
            await driver.press(.character("a"))
            await driver.type(title)
            await driver.press(.enter)
            await driver.advance(by: .milliseconds(500))
        }
        #expect(recorder.saved.isEmpty)
        await driver.advance(by: .milliseconds(500))
        #expect(recorder.saved.map { $0.map(\.title) } == [["one", "two", "three"]])
        #expect(driver.state?.todosToSave == nil)
    }

    @Test("a failed save shows in the header until a save succeeds")
    func showsAFailedSave() async {
        let recorder = SaveRecorder()
        recorder.failsAsReadOnly()
        let driver = Self.driver(todos: [Self.milk], saving: recorder)
        await driver.start()
        await driver.press(.character(" "))
        await driver.advance(by: .seconds(1))
        #expect(driver.text.contains("not saved: cannot write /todos.md: read-only"))
        recorder.error.withLock { $0 = nil }
        await driver.press(.character("a"))
        await driver.type("Water")
        await driver.press(.enter)
        await driver.advance(by: .seconds(1))
        #expect(driver.text.contains("Todo · all · 1 open"))
        #expect(recorder.saved.map { $0.map(\.title) } == [["Buy milk", "Water"]])
    }

    /// The app on a headless screen, saving through `recorder`.
    static func driver(todos: [Todo], saving recorder: SaveRecorder) -> HeadlessDriver<TodoState, TodoEvent> {
        HeadlessDriver(view: TodoApp.view, initialState: TodoState(todos: todos),
                       feedbacks: [TodoFeedbacks.saving(with: recorder.save)], reducer: TodoApp.reducer)
    }
}

extension SaveRecorder {
    /// Every save fails from now on, as on a read-only disk.
    func failsAsReadOnly() {
        error.withLock { $0 = TodoFileError(path: "/todos.md", action: "write", reason: "read-only") }
    }
}
