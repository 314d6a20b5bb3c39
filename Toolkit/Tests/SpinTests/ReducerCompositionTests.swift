import Spin
import Testing

@Suite("Reducers compose: scope, ifLet, combine")
struct ReducerCompositionTests {
    final class Storage: Sendable {}

    struct Counter: Equatable, Sendable {
        var count = 0
        var storage = Storage()
        static func == (left: Counter, right: Counter) -> Bool { left.count == right.count }
    }

    struct Parent: Equatable, Sendable {
        var counter = Counter()
        var detail: Counter?
        var log: [String] = []
    }

    enum CounterEvent: Equatable, Sendable { case increment }

    enum ParentEvent: Equatable, Sendable {
        case counter(CounterEvent)
        case detail(CounterEvent)
        case opened, closed

        var counter: CounterEvent? { if case .counter(let event) = self { event } else { nil } }
        var detail: CounterEvent? { if case .detail(let event) = self { event } else { nil } }
    }

    static let uniqueness = UniquenessLog()

    final class UniquenessLog: Sendable {
        private let values = Recorder<Bool>()
        func append(_ value: Bool) { values.append(value) }
        var all: [Bool] { values.values }
    }

    static let counter = Reducer<Counter, CounterEvent> { (counter: inout Counter, _: CounterEvent) in
        uniqueness.append(isKnownUniquelyReferenced(&counter.storage))
        counter.count += 1
    }

    static let parent = Reducer<Parent, ParentEvent>.combine(
        .scope(state: \.counter, event: \.counter, child: counter),
        .ifLet(\.detail, event: \.detail, child: counter),
        Reducer { (parent: inout Parent, event: ParentEvent) in
            switch event {
            case .opened: parent.detail = Counter()
            case .closed: parent.detail = nil
            case .counter: parent.log.append("counter")
            case .detail: parent.log.append("detail")
            }
        }
    )

    @Test("scope reduces the child's events on its sub-state, in place, and the parent runs after")
    func scope() {
        var state = Parent()
        Self.parent.reduce(&state, .counter(.increment))
        Self.parent.reduce(&state, .counter(.increment))
        #expect(state.counter.count == 2)
        #expect(state.log == ["counter", "counter"])
        #expect(Self.uniqueness.all.allSatisfy { $0 })
    }

    @Test("ifLet reduces the optional child while it exists and ignores its late events")
    func ifLet() {
        var state = Parent()
        Self.parent.reduce(&state, .detail(.increment))   // no detail yet: ignored by the child
        #expect(state.detail == nil)
        Self.parent.reduce(&state, .opened)
        Self.parent.reduce(&state, .detail(.increment))
        #expect(state.detail?.count == 1)
        Self.parent.reduce(&state, .closed)
        Self.parent.reduce(&state, .detail(.increment))
        #expect(state.detail == nil)
        #expect(state.counter.count == 0)
    }
}

@Suite("A state that reduces its own events")
struct ReducibleStateTests {
    struct Tally: ReducibleState, Equatable {
        var total = 0
        static func reduce(_ state: inout Tally, _ event: Int) { state.total += event }
    }

    @Test("the in-place reduce gives the spin's reducer and the returning form")
    func derivedForms() async {
        #expect(Tally.reduce(Tally(), 3) == Tally(total: 3))
        var state = Tally()
        Tally.reducer.reduce(&state, 4)
        #expect(state == Tally(total: 4))
        let spin = Spin(initialState: Tally()) { Tally.reducer }
        var states = spin.states.makeAsyncIterator()
        spin.start()
        spin.emit(2)
        spin.emit(5)
        #expect(await states.next() == Tally(total: 0))
        #expect(await states.next() == Tally(total: 2))
        #expect(await states.next() == Tally(total: 7))
        spin.stop()
    }
}
