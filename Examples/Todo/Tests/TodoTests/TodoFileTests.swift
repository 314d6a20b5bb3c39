import Foundation
import Testing
import TodoKit

@Suite("Todo example: the file")
struct TodoFileTests {
    @Test("todos survive a save and a load, as a Markdown task list")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = TodoFile(path: folder.appendingPathComponent("data/todos.md").path)
        #expect(try file.load() == [])
        let todos = [Todo(id: 1, title: "Buy milk", isDone: true), Todo(id: 2, title: "日本語のメモ")]
        try file.save(todos)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "- [x] Buy milk\n- [ ] 日本語のメモ\n")
        #expect(try file.load() == todos)
    }

    @Test("a line without a checkbox is an open todo; blank lines are skipped")
    func plainLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("todos.md").path
        try "- [X] done\n\nwater the plants\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try TodoFile(path: path).load() == [
            Todo(id: 1, title: "done", isDone: true), Todo(id: 2, title: "water the plants"),
        ])
    }

    @Test("the file lives in $XDG_DATA_HOME, or in ~/.local/share without it")
    func defaultPath() {
        #expect(TodoFile.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ana"])
            == "/data/spindle-todo/todos.md")
        #expect(TodoFile.defaultPath(environment: ["HOME": "/home/ana"]) == "/home/ana/.local/share/spindle-todo/todos.md")
    }

    @Test("an unreadable file is an error that names it")
    func unreadable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let error = #expect(throws: TodoFileError.self) { try TodoFile(path: folder.path).load() }
        #expect(error?.description.hasPrefix("cannot read \(folder.path): ") == true)
    }
}
