/// A change the user made to the query being typed.
public enum SearchEdit: Equatable, Hashable, Sendable {
    /// Text typed (or pasted) at the end of the query. Control characters are dropped.
    case typed(String)
    /// Backspace: the last character goes.
    case deletedBackward
    /// Ctrl+U: the whole query goes.
    case cleared
}
