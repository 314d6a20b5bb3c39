import SpindleUI
import Terminal

/// What happened: keys the key map understood, the timer, and the sampler's results.
public enum ProcessEvent: Equatable, Sendable {
    case resized(Size)
    case selectionMoved(ListMove)
    case sortCycled
    case filterOpened
    /// A key or a paste while typing the filter (Enter and Esc have their own events).
    case filterEdited(InputEvent)
    case filterKept
    case filterCleared
    case detailToggled
    case helpToggled
    case quitRequested
    /// The timer's tick, or `r`: time to read /proc again.
    case refreshDue
    case sampled(ProcessSample)
    case sampleFailed(String)
}
