import SpindleUI
import Terminal

/// What happened: keys the key map understood, and the results of effects.
public enum TodoEvent: Equatable, Sendable {
    case resized(Size)
    case selectionMoved(ListMove)
    case addOpened
    /// A key pressed, or text pasted, while typing a new todo (Enter and Esc have their own
    /// events).
    case draftEdited(InputEvent)
    case draftSubmitted
    case draftCancelled
    case doneToggled
    case deleteRequested
    case filterCycled
    case helpToggled
    case quitRequested
    /// The save effect wrote these todos.
    case saved([Todo])
    case saveFailed(String)
}
