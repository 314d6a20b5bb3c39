import Catalog
import Foundation
import Terminal
import Testing
@testable import AppCore

/// What a key costs while typing a search over the 5,000 embedded titles (filter as you type):
/// the key map, the reducer, the search for the first page of the new query, and drawing the
/// frame at 80x24. A measurement, not a check: it runs only with SPINDLE_MEASURE=1 and prints.
///
///     SPINDLE_MEASURE=1 swift test --skip-build --filter FilterCostMeasurement
@Suite("Filter as you type: cost per key", .enabled(if: ProcessInfo.processInfo.environment["SPINDLE_MEASURE"] == "1"))
struct FilterCostMeasurement {
    @Test("µs per key typed into the search, 5,000 titles, 80x24")
    func measure() async throws {
        let provider = EmbeddedProvider(titles: EmbeddedCatalog.titles, latency: .zero, failRate: 0, clock: ContinuousClock())
        let screen = HeadlessScreen(size: Size(rows: 24, columns: 80))
        let queries = ["the bridge", "kyoto", "amelie", "circus of", "zzz"]
        var keys = 0
        var elapsed = Duration.zero
        let clock = ContinuousClock()
        for _ in 0..<20 {
            for query in queries {
                var state = AppState(size: screen.size)
                AppReducer.reduce(&state, .resized(screen.size))
                AppReducer.reduce(&state, .list(.pageLoaded(try await provider.page(state.list.pageToLoad!), for: state.list.pageToLoad!)))
                AppReducer.reduce(&state, KeyMap.event(for: .character("/"), in: state)!)
                for character in query {
                    let start = clock.now
                    AppReducer.reduce(&state, KeyMap.event(for: .character(character), in: state)!)
                    if let request = state.list.pageToLoad {
                        AppReducer.reduce(&state, .list(.pageLoaded(try await provider.page(request), for: request)))
                    }
                    screen.frame { AppView.render(state, on: $0, tick: 0) }
                    elapsed += clock.now - start
                    keys += 1
                }
            }
        }
        let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        print("filter as you type: \(keys) keys, \(String(format: "%.0f", micros / Double(keys))) µs per key")
    }
}
