/// Reducers built from smaller ones: a child reducer embedded in a parent's state by a key path
/// (`scope`), an optional child that only exists some of the time (`ifLet`), and several
/// reducers run in order (`combine`).
///
///     let app = Reducer<AppState, AppEvent>.combine(
///         .scope(state: \.list, event: \.list, child: ListState.reducer),
///         .ifLet(\.player, event: \.player, child: PlayerState.reducer),
///         Reducer(handleExits)
///     )
///
/// `event` extracts the child's event from the parent's (nil: not the child's), usually a
/// computed property of the event enum: `var list: ListEvent? { if case .list(let e) = self { e } else { nil } }`.
/// The child state is reduced in place, never copied out and back.
extension Reducer {
    /// Runs `child` on the sub-state at `state` for each event that `event` maps to a child event.
    public static func scope<ChildState, ChildEvent>(
        state path: WritableKeyPath<State, ChildState> & Sendable,
        event extract: @escaping @Sendable (Event) -> ChildEvent?,
        child: Reducer<ChildState, ChildEvent>
    ) -> Reducer {
        let reduceChild = child.reduce
        return Reducer { (state: inout State, event: Event) in
            guard let childEvent = extract(event) else { return }
            reduceChild(&state[keyPath: path], childEvent)
        }
    }

    /// Runs `child` on the optional sub-state at `state` while it is there; a child event that
    /// arrives when it is nil (a late event for a closed screen) is ignored.
    public static func ifLet<ChildState, ChildEvent>(
        _ path: WritableKeyPath<State, ChildState?> & Sendable,
        event extract: @escaping @Sendable (Event) -> ChildEvent?,
        child: Reducer<ChildState, ChildEvent>
    ) -> Reducer {
        let reduceChild = child.reduce
        return Reducer { (state: inout State, event: Event) in
            guard let childEvent = extract(event), state[keyPath: path] != nil else { return }
            reduceChild(&state[keyPath: path]!, childEvent)
        }
    }

    /// Runs the reducers one after the other on each event, in the order given.
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Runs the reducers one after the other on each event, in the order given.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        let steps = reducers.map(\.reduce)
        return Reducer { (state: inout State, event: Event) in
            for step in steps { step(&state, event) }
        }
    }
}
