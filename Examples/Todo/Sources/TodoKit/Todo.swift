/// One thing to do.
public struct Todo: Hashable, Sendable, Identifiable {
    /// Unique within a list; a new todo takes the next free one.
    public var id: Int
    public var title: String
    public var isDone: Bool

    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// Which todos the list shows; `f` cycles through them.
public enum TodoFilter: Hashable, Sendable {
    case all, open, done

    /// Whether the list shows `todo` under this filter.
    public func includes(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .open: !todo.isDone
        case .done: todo.isDone
        }
    }

    /// The filter after this one: all, open, done, all…
    public var next: TodoFilter {
        switch self {
        case .all: .open
        case .open: .done
        case .done: .all
        }
    }

    public var name: String {
        switch self {
        case .all: "all"
        case .open: "open"
        case .done: "done"
        }
    }
}
