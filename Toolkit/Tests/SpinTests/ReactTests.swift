import Spin
import SpinTesting
import Testing

@Suite("react(query:effects:)")
struct ReactTests {
    struct Page: Equatable, Sendable {
        var pageToLoad: Int?
        var scrollOffset = 0
        var loaded: [Int] = []
    }

    enum PageEvent: Equatable, Sendable {
        case pageRequested(Int?)
        case scrolled
        case pageLoaded(Int)
    }

    static let reducer = Reducer<Page, PageEvent> { (page: inout Page, event: PageEvent) in
        switch event {
        case .pageRequested(let number): page.pageToLoad = number
        case .scrolled: page.scrollOffset += 1
        case .pageLoaded(let number): page.loaded.append(number)
        }
    }

    /// Loads open a stream the test feeds by hand, and record their start and end.
    final class Loader: Sendable {
        let trace = Recorder<String>()
        private let feeds = Recorder<(page: Int, feed: AsyncStream<PageEvent>.Continuation)>()

        func load(_ number: Int) -> AsyncStream<PageEvent> {
            trace.append("start \(number)")
            let (stream, continuation) = AsyncStream.makeStream(of: PageEvent.self)
            continuation.onTermination = { [trace] _ in trace.append("end \(number)") }
            feeds.append((number, continuation))
            return stream
        }

        /// Makes the latest load of `number` produce `event`.
        func deliver(_ event: PageEvent, forPage number: Int) {
            feeds.values.last { $0.page == number }?.feed.yield(event)
        }
    }

    @Test("an equal request keeps the running effect alive, without a restart")
    func equalRequestKeepsEffect() async {
        let loader = Loader()
        let store = TestStore(initialState: Page()) {
            Feedback<Page, PageEvent>.react(query: \.pageToLoad, effects: loader.load)
            Self.reducer
        }
        await store.send(.pageRequested(1)) { $0.pageToLoad = 1 }
        await store.send(.scrolled) { $0.scrollOffset = 1 }
        await store.send(.pageRequested(1))
        #expect(loader.trace.values == ["start 1"])
        loader.deliver(.pageLoaded(1), forPage: 1)
        await store.receive(.pageLoaded(1)) { $0.loaded = [1] }
        await store.send(.pageRequested(nil)) { $0.pageToLoad = nil }
        #expect(loader.trace.values == ["start 1", "end 1"])
        await store.finish()
    }

    @Test("a changed request cancels the running effect and starts a new one")
    func changedRequestRestarts() async {
        let loader = Loader()
        let store = TestStore(initialState: Page()) {
            Feedback<Page, PageEvent>.react(query: \.pageToLoad, effects: loader.load)
            Self.reducer
        }
        await store.send(.pageRequested(1)) { $0.pageToLoad = 1 }
        await store.send(.pageRequested(2)) { $0.pageToLoad = 2 }
        #expect(loader.trace.values == ["start 1", "end 1", "start 2"])
        await store.send(.pageRequested(nil)) { $0.pageToLoad = nil }
        #expect(loader.trace.values == ["start 1", "end 1", "start 2", "end 2"])
        await store.finish()
    }

    @Test("react with an async effect turns the request into one event")
    func asyncEffect() async {
        let store = TestStore(initialState: Page()) {
            Feedback<Page, PageEvent>.react(query: \.pageToLoad) { number in .pageLoaded(number) }
            Self.reducer
        }
        await store.send(.pageRequested(3)) { $0.pageToLoad = 3 }
        await store.receive(.pageLoaded(3)) { $0.loaded = [3] }
        await store.finish()
    }
}

@Suite("react over a set of keyed requests")
struct KeyedReactTests {
    struct Downloads: Equatable, Sendable {
        var active: Set<String> = []
        var finished: [String] = []
    }

    enum DownloadEvent: Equatable, Sendable {
        case started(String)
        case removed(String)
        case finished(String)
    }

    static let reducer = Reducer<Downloads, DownloadEvent> { (downloads: inout Downloads, event: DownloadEvent) in
        switch event {
        case .started(let name): downloads.active.insert(name)
        case .removed(let name): downloads.active.remove(name)
        case .finished(let name):
            downloads.active.remove(name)
            downloads.finished.append(name)
        }
    }

    @Test("one effect per key: started when the key appears, cancelled when it goes, untouched while it stays")
    func perKeyLifetimes() async {
        let trace = Recorder<String>()
        let completions = Recorder<AsyncStream<DownloadEvent>.Continuation>()
        let store = TestStore(initialState: Downloads()) {
            Feedback<Downloads, DownloadEvent>.react(requests: \.active, sending: { name, send in
                trace.append("start \(name)")
                let (stream, continuation) = AsyncStream.makeStream(of: DownloadEvent.self)
                continuation.onTermination = { _ in trace.append("end \(name)") }
                if name == "b" { completions.append(continuation) }
                for await event in stream { send(event) }
                return nil
            })
            Self.reducer
        }
        await store.send(.started("a")) { $0.active = ["a"] }
        await store.send(.started("b")) { $0.active = ["a", "b"] }
        #expect(trace.values == ["start a", "start b"])
        await store.send(.removed("a")) { $0.active = ["b"] }
        #expect(trace.values == ["start a", "start b", "end a"])
        completions.values.first?.yield(.finished("b"))
        await store.receive(.finished("b")) {
            $0.active = []
            $0.finished = ["b"]
        }
        #expect(trace.values == ["start a", "start b", "end a", "end b"])
        await store.finish()
    }
}

@Suite("react over keyed requests, with effects that send as they go")
struct SendingReactTests {
    struct Counts: Equatable, Sendable {
        var active: Set<String> = []
        var ticks: [String: Int] = [:]
        var done: [String] = []
    }

    enum CountEvent: Equatable, Sendable {
        case started(String), stopped(String), ticked(String), done(String)
    }

    static let reducer = Reducer<Counts, CountEvent> { (counts: inout Counts, event: CountEvent) in
        switch event {
        case .started(let name): counts.active.insert(name)
        case .stopped(let name): counts.active.remove(name)
        case .ticked(let name): counts.ticks[name, default: 0] += 1
        case .done(let name):
            counts.active.remove(name)
            counts.done.append(name)
        }
    }

    @Test("each send is an event of the run, the return value the last; after the request goes, nothing more arrives")
    func sendsThenLast() async {
        let clock = VirtualClock()
        let store = TestStore(initialState: Counts(), clock: clock) {
            Feedback<Counts, CountEvent>.react(requests: \.active, sending: { name, send in
                for _ in 0..<3 {
                    try? await Effect.sleep(for: .seconds(1))
                    if Task.isCancelled { return nil }
                    send(.ticked(name))
                }
                return .done(name)
            })
            Self.reducer
        }
        await store.send(.started("a")) { $0.active = ["a"] }
        await store.send(.started("b")) { $0.active = ["a", "b"] }
        await store.advance(by: .seconds(1))
        await store.receive(.ticked("a")) { $0.ticks["a"] = 1 }
        await store.receive(.ticked("b")) { $0.ticks["b"] = 1 }
        await store.send(.stopped("b")) { $0.active = ["a"] }
        await store.advance(by: .seconds(2))
        await store.receive(.ticked("a")) { $0.ticks["a"] = 2 }
        await store.receive(.ticked("a")) { $0.ticks["a"] = 3 }
        await store.receive(.done("a")) {
            $0.active = []
            $0.done = ["a"]
        }
        await store.finish()   // nothing from b after it stopped
    }
}
