import Catalog
import Spin
import SpinTesting
import Synchronization
import Testing
@testable import Downloads

/// A tiny list with a state of its own: a bar per title and an offline mark. It knows nothing
/// of the downloads spin; it learns only what comes through the gear.
struct ShelfState: Equatable, Sendable {
    var percents: [String: Int] = [:]
    var offline: [String: String] = [:]
    var errors: [String: String] = [:]
}

enum ShelfEvent: Equatable, Sendable {
    case download(DownloadsGearEvent)
}

extension ShelfState {
    static let reducer = Reducer<ShelfState, ShelfEvent> { (shelf: inout ShelfState, event: ShelfEvent) in
        guard case .download(let change) = event else { return }
        switch change {
        case .changed(let summary):
            let id = summary.id
            switch summary.status {
            case .queued, .running:
                shelf.percents[id] = summary.percent
                shelf.errors[id] = nil
            case .finished(let video, _):
                shelf.percents[id] = 100
                shelf.offline[id] = video
            case .failed(let message):
                shelf.errors[id] = message
            case .cancelled, .interrupted:
                shelf.percents[id] = nil
                shelf.offline[id] = nil
            }
        case .removed(let id):
            shelf.percents[id] = nil
            shelf.offline[id] = nil
        }
    }
}

@Suite("The gear: the list learns progress from the downloads spin")
struct GearTests {
    @Test("a second spin shows a percentage per title and an offline mark, through the gear only")
    func twoSpins() async {
        let gear = Gear<DownloadsGearEvent>()
        let shelfStates = Mutex<[ShelfState]>([])
        let shelf = Spin(initialState: ShelfState()) {
            Feedback<ShelfState, ShelfEvent>(attachedTo: gear, receiving: { .download($0) })
            Feedback<ShelfState, ShelfEvent>(observe: { state in shelfStates.withLock { $0.append(state) } })
            ShelfState.reducer
        }
        shelf.start()
        let harness = DownloadsHarness(source: { roundSource(clock: $0, failingAttempts: ["b": 1]) }, gear: gear)
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 4, subtitles: true)))
        await store.send(.downloadRequested(.sample("b", seconds: 4)))
        #expect(shelfStates.withLock { $0.last?.percents } == ["a": 0, "b": 0])
        await store.advance(by: .seconds(1))
        #expect(shelfStates.withLock { $0.last?.percents } == ["a": 40, "b": 25])
        await store.advance(by: .seconds(1))
        #expect(shelfStates.withLock { $0.last?.percents["a"] } == 60)
        #expect(shelfStates.withLock { $0.last?.errors } == ["b": "the connection was lost at 50%; try again"])
        await store.advance(by: .seconds(2))
        store.skipReceivedEvents()
        let last = shelfStates.withLock { $0.last }
        #expect(last?.percents["a"] == 100)
        #expect(last?.offline == ["a": "local/a/video"])
        // Every whole percent the list saw for `a`, in order.
        let seen = shelfStates.withLock { states in states.compactMap { $0.percents["a"] } }
        #expect(seen.removingRepeats() == [0, 20, 40, 60, 80, 100])
        await store.send(.removeRequested("a"))
        #expect(shelfStates.withLock { $0.last?.offline } == [:])
        store.exhaustivity = .on
        store.skipReceivedEvents()
        await store.finish()
        shelf.stop()
    }
}

extension Array where Element: Equatable {
    func removingRepeats() -> [Element] {
        reduce(into: []) { result, element in if result.last != element { result.append(element) } }
    }
}

@Suite("The gear's messages: summaries at start, on changes, notices, and speed at most once a second")
struct GearMessageTests {
    @Test("a spin started on a restored state tells every download first; notices and refreshed speeds follow")
    func messages() async {
        var restored = DownloadsState()
        restored.send(.downloadRequested(.sample("old", seconds: 2)),
                      .progressed("old", .video, .finished(localPath: "local/old/video"), at: .seconds(1)))
        let gear = Gear<DownloadsGearEvent>()
        let heard = Mutex<[DownloadsGearEvent]>([])
        let listener = Spin(initialState: 0) {
            Feedback<Int, Int>(attachedTo: gear, receiving: { event in heard.withLock { $0.append(event) }; return nil })
            Reducer<Int, Int> { (_: inout Int, _: Int) in }
        }
        listener.start()
        // A report every 100 ms: without the limit, 100 messages in 10 s.
        let harness = DownloadsHarness(restored.afterRestart(), source: { roundSource(clock: $0, tick: .milliseconds(100)) },
                                       gear: gear)
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("new", seconds: 100)))
        // The restored download came first, as it is: stored.
        let first = heard.withLock { $0.first }
        guard case .changed(let summary) = first else { Issue.record("heard first: \(String(describing: first)), all: \(heard.withLock { $0.map(\.id) })"); return }
        #expect(summary.id == "old" && summary.localCopy?.video == "local/old/video")
        await store.send(.downloadRequested(.sample("new", seconds: 100)))
        let notice = heard.withLock { $0.last }
        #expect({ if case .changed(let s) = notice { s.notice == .alreadyDownloading } else { false } }())
        heard.withLock { $0.removeAll() }
        await store.advance(by: .seconds(10))
        store.skipReceivedEvents()
        // 10 s of a long download: the percent moves rarely; speed comes about once a second.
        let news = heard.withLock { $0 }
        #expect((8...22).contains(news.count), "\(news.count) messages in 10 s")
        #expect(news.allSatisfy { $0.id == "new" })
        let speeds = news.compactMap { if case .changed(let s) = $0 { s.bytesPerSecond } else { nil } }
        #expect(!speeds.isEmpty)
        await store.send(.cancelRequested("new"))
        store.exhaustivity = .on
        store.skipReceivedEvents()
        await store.finish()
        listener.stop()
    }
}
