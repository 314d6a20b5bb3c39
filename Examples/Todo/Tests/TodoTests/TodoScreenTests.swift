import SpindleUITesting
import Terminal
import TerminalTesting
import Testing
import TodoKit

/// The todo example driven as a person would use it: keys in, screen out, on a headless
/// terminal.
@Suite("Todo example, driven headless")
struct TodoScreenTests {
    static let size = Size(rows: 12, columns: 60)

    func makeDriver(todos: [Todo] = []) async -> HeadlessDriver<TodoState, TodoEvent> {
        let driver = HeadlessDriver(size: Self.size, view: TodoApp.view,
                                    initialState: TodoState(todos: todos), reducer: TodoApp.reducer)
        await driver.start()
        return driver
    }

    func add(_ title: String, with driver: HeadlessDriver<TodoState, TodoEvent>) async {
        await driver.press(.character("a"))
        await driver.type(title)
        await driver.press(.enter)
    }

    @Test("a, a title and Enter add a todo and select it")
    func addsATodo() async {
        let driver = await makeDriver()
        #expect(driver.text.contains("Nothing to do. Press a to add a todo."))
        await driver.press(.character("a"))
        await driver.type("Buy milk")
        #expect(driver.text.contains("New todo: Buy milk"))
        await driver.press(.enter)
        #expect(driver.state?.todos == [Todo(id: 1, title: "Buy milk")])
        #expect(driver.text.contains(" [ ] Buy milk"))
        #expect(driver.text.contains("1 / 1"))
    }

    @Test("Esc drops the todo being typed, and a blank title adds nothing")
    func cancelsATodo() async {
        let driver = await makeDriver()
        await driver.press(.character("a"))
        await driver.type("Never mind")
        await driver.press(.escape)
        await driver.press(.character("a"))
        await driver.type("   ")
        await driver.press(.enter)
        #expect(driver.state?.todos == [])
        #expect(driver.state?.draft == nil)
    }

    @Test("Space marks the selected todo done, d deletes it")
    func togglesAndDeletes() async {
        let driver = await makeDriver()
        await add("Buy milk", with: driver)
        await add("Call the plumber", with: driver)
        await driver.press(.up, .character(" "))
        #expect(driver.text.contains(" [x] Buy milk"))
        #expect(driver.text.contains("1 open"))
        await driver.press(.down, .character("d"))
        #expect(driver.state?.todos.map(\.title) == ["Buy milk"])
        #expect(!driver.text.contains("plumber"))
    }

    @Test("f cycles the filter: all, open, done")
    func filters() async {
        let driver = await makeDriver(todos: [
            Todo(id: 1, title: "Buy milk", isDone: true), Todo(id: 2, title: "Call the plumber"),
        ])
        await driver.press(.character("f"))
        #expect(driver.text.contains("Todo · open · 1 open"))
        #expect(!driver.text.contains("Buy milk") && driver.text.contains("Call the plumber"))
        await driver.press(.character("f"))
        #expect(driver.text.contains("Buy milk") && !driver.text.contains("Call the plumber"))
        await driver.press(.character("d"), .character("f"))
        #expect(driver.state?.filter == .all)
        #expect(driver.state?.todos.map(\.title) == ["Call the plumber"])
    }

    @Test("a filter that shows nothing says how to change it")
    func emptyFilter() async {
        let driver = await makeDriver(todos: [Todo(id: 1, title: "Call the plumber")])
        await driver.press(.character("f"), .character("f"))
        #expect(driver.text.contains("No done todos. Press f to change the filter."))
        #expect(driver.text.contains("0 / 0"))
    }

    @Test("Space and d apply only to a selected todo: hidden from the hints otherwise")
    func disabledBindings() async {
        let driver = await makeDriver()
        #expect(!driver.text.contains("Space done"))
        await driver.press(.character(" "), .character("d"))
        #expect(driver.state == TodoState(size: Self.size))
        await add("Buy milk", with: driver)
        #expect(driver.text.contains("Space done/undo  d delete"))
    }

    @Test("the list after adding, ticking and filtering (snapshot)")
    func listSnapshot() async {
        let driver = await makeDriver()
        for title in ["Buy milk", "Call the plumber", "Água para as plantas", "日本語のメモ"] {
            await add(title, with: driver)
        }
        await driver.press(.home, .character(" "), .down, .down)
        expectSnapshot(driver.screen, named: "todo-list-60x12")
    }

    @Test("? shows every key over the list; any key closes it (snapshot)")
    func helpSnapshot() async {
        let driver = await makeDriver()
        await add("Buy milk", with: driver)
        await driver.resize(to: Size(rows: 24, columns: 60))
        await driver.press(.character("?"))
        expectSnapshot(driver.screen, named: "todo-help-60x24", styled: false)
        await driver.press(.character("x"))
        #expect(driver.state?.isHelpShown == false)
        #expect(driver.state?.todos.count == 1)
    }

    @Test("q quits; while typing, q is text and Ctrl+C quits")
    func quits() async {
        let driver = await makeDriver()
        await driver.press(.character("q"))
        #expect(driver.state?.isQuitting == true)
        let typing = await makeDriver()
        await typing.press(.character("a"), .character("q"))
        #expect(typing.state?.isQuitting == false)
        await typing.press(.control("c"))
        #expect(typing.state?.isQuitting == true)
    }
}
