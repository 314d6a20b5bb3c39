// todo: a keyboard-driven todo list, built on Spindle's public products only.
//
//     todo              the list in $XDG_DATA_HOME/spindle-todo/todos.md
//     todo FILE         the list in FILE (a Markdown task list)
import Foundation
import Spin
import SpindleUI
import Terminal
import TodoKit

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) || arguments.count > 1 {
    print("usage: todo [FILE]   (default: $XDG_DATA_HOME/spindle-todo/todos.md; ? in the app shows the keys)")
    exit(arguments.count > 1 ? 2 : 0)
}
let file = TodoFile(path: arguments.first ?? TodoFile.defaultPath(environment: ProcessInfo.processInfo.environment))

func fail(_ error: any Error) -> Never {
    FileHandle.standardError.write(Data("todo: \(error)\n".utf8))
    exit(1)
}

// Everything that can fail before the app runs fails before the terminal is taken.
let todos: [Todo]
do { todos = try file.load() } catch { fail(error) }
let screen: TerminalScreen
do { screen = try TerminalScreen() } catch { fail(error) }

// Effects run on a thread of their own and wait on its clock: an idle app never wakes up.
let effects = EffectThread()
let ui = TerminalUI(screen: screen, view: TodoApp.view)
let spin = Spin(initialState: TodoState(todos: todos, size: screen.size), clock: effects.clock, effectExecutor: effects) {
    ui.feedback
    TodoFeedbacks.saving(with: file.save)
    TodoApp.reducer
}
ui.run(spin, until: \.isQuitting)
spin.stop()
effects.stop()
screen.stop()

// A change made in the last second was not saved yet.
if let unsaved = ui.state?.todosToSave {
    do { try file.save(unsaved) } catch { fail(error) }
}
