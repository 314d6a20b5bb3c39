import Foundation

/// The todos on disk, as a Markdown task list anyone can read and edit:
///
///     - [ ] buy milk
///     - [x] call the plumber
///
/// Any other non-empty line is read as an open todo.
public struct TodoFile: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `$XDG_DATA_HOME/spindle-todo/todos.md`, or under `~/.local/share` when it is not set.
    public static func defaultPath(environment: [String: String]) -> String {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? ".") + "/.local/share"
        return dataHome + "/spindle-todo/todos.md"
    }

    /// The todos in the file, numbered from 1; none if there is no file yet.
    public func load() throws(TodoFileError) -> [Todo] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw TodoFileError(path: path, action: "read", reason: error.localizedDescription)
        }
        return Self.todos(in: text)
    }

    /// Writes `todos` (creating the folder), replacing the file whole: to a temporary name,
    /// flushed to the disk, then renamed over the old file, so a crash or a full disk leaves the
    /// old list or the new one, never half of one.
    public func save(_ todos: [Todo]) throws(TodoFileError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = path + ".saving"
        do {
            if !folder.isEmpty {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            guard FileManager.default.createFile(atPath: temporary, contents: Data(Self.text(of: todos).utf8)) else {
                throw CocoaError(.fileWriteUnknown)
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            try handle.synchronize()
            try handle.close()
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw TodoFileError(path: path, action: "write", reason: error.localizedDescription)
        }
    }

    static func todos(in text: String) -> [Todo] {
        var todos: [Todo] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            let isDone = line.hasPrefix("- [x] ") || line.hasPrefix("- [X] ")
            let title = isDone || line.hasPrefix("- [ ] ") ? line.dropFirst(6) : line[...]
            todos.append(Todo(id: todos.count + 1, title: String(title), isDone: isDone))
        }
        return todos
    }

    static func text(of todos: [Todo]) -> String {
        todos.map { ($0.isDone ? "- [x] " : "- [ ] ") + $0.title + "\n" }.joined()
    }
}

/// Reading or writing the todo file failed; the message names the file and the cause.
public struct TodoFileError: Error, CustomStringConvertible {
    public var path: String
    public var action: String
    public var reason: String

    public init(path: String, action: String, reason: String) {
        self.path = path
        self.action = action
        self.reason = reason
    }

    public var description: String { "cannot \(action) \(path): \(reason)" }
}
