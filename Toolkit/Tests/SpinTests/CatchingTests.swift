import Spin
import SpinTesting
import Testing

@Suite("Errors become events")
struct CatchingTests {
    struct Unreachable: Error, Equatable {}

    enum Event: Equatable, Sendable {
        case load
        case loaded(Int)
        case failed(String)
    }

    struct Loading: Equatable, Sendable {
        var isLoading = false
        var count = 0
        var error: String?
    }

    static let reducer = Reducer<Loading, Event> { (state: inout Loading, event: Event) in
        switch event {
        case .load: state.isLoading = true
        case .loaded(let count): state.count = count
        case .failed(let message):
            state.isLoading = false
            state.error = message
        }
    }

    @Test("a throwing async effect maps its error to an event with catching:")
    func asyncEffect() async {
        let store = TestStore(initialState: Loading()) {
            Feedback<Loading, Event>(
                effect: { (state: Loading) async throws -> Event? in
                    guard state.isLoading else { return nil }
                    throw Unreachable()
                },
                catching: { .failed("\($0)") }
            )
            Self.reducer
        }
        await store.send(.load) { $0.isLoading = true }
        await store.receive(.failed("Unreachable()")) {
            $0.isLoading = false
            $0.error = "Unreachable()"
        }
        await store.finish()
    }

    @Test("a throwing sequence maps its error to an event after its elements")
    func throwingSequence() async {
        let store = TestStore(initialState: Loading()) {
            Feedback<Loading, Event>.react(
                query: { $0.isLoading ? true : nil },
                effects: { _ in
                    AsyncThrowingStream<Event, any Error> { continuation in
                        continuation.yield(.loaded(1))
                        continuation.finish(throwing: Unreachable())
                    }
                },
                catching: { _ in .failed("unreachable") }
            )
            Self.reducer
        }
        await store.send(.load) { $0.isLoading = true }
        await store.receive(.loaded(1)) { $0.count = 1 }
        await store.receive(.failed("unreachable")) {
            $0.isLoading = false
            $0.error = "unreachable"
        }
        await store.finish()
    }
}
