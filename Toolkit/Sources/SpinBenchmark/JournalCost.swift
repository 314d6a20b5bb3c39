import Foundation
import Spin
import SpinJournal
import SpinTesting

/// What journaling costs per event, and how big the journal gets, for events shaped like the
/// app's (a key press on the list, a position update of the player, a character typed into
/// the query), each event its own batch as key presses are.
struct JournalCost {
    /// An event shaped like `AppEvent`: cases with nested enums and payloads.
    enum BrowsingEvent: Codable, Sendable {
        enum Move: String, Codable, Sendable { case up, down, pageDown }
        enum ListPart: Codable, Sendable { case selectionMoved(Move) }
        enum PlayerPart: Codable, Sendable { case positionAdvanced(to: Int) }
        case list(ListPart)
        case player(PlayerPart)
        case searchKeyPressed(String)

        static func realistic(_ index: Int) -> BrowsingEvent {
            switch index % 4 {
            case 0, 1: .list(.selectionMoved(.down))
            case 2: .player(.positionAdvanced(to: 3_600 + index))
            default: .searchKeyPressed(String("spindle".randomElement()!))
            }
        }
    }

    struct Browsing: Codable, Sendable {
        var events = 0
        var position = 0
    }

    struct Result {
        var microsecondsPerEvent: Double
        var bytesAfterEvents: Int
    }

    let events: Int

    func measure() async -> Result {
        let bare = await run(journaled: false).elapsed
        let journaled = await run(journaled: true)
        let extra = journaled.elapsed - bare
        let seconds = Double(extra.components.seconds) + Double(extra.components.attoseconds) / 1e18
        return Result(microsecondsPerEvent: max(0, seconds) * 1e6 / Double(events), bytesAfterEvents: journaled.bytes)
    }

    private func run(journaled: Bool) async -> (elapsed: Duration, bytes: Int) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("spin-journal-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Opened at once: the virtual clock never reaches a delayed opening here, and every
        // event is to be encoded and written as it is reduced.
        let journal = Journal<Browsing, BrowsingEvent>(directory: directory, openingDelay: .zero)
        let reducer = Reducer<Browsing, BrowsingEvent> { (state: inout Browsing, event: BrowsingEvent) in
            state.events += 1
            if case .player(.positionAdvanced(let position)) = event { state.position = position }
        }
        let spin = Spin(initialState: Browsing(), clock: VirtualClock()) {
            if journaled { journal.feedback() }
            reducer
        }
        spin.start()
        let inputs = (0..<events).map(BrowsingEvent.realistic)
        let elapsed = ContinuousClock().measure {
            for event in inputs { spin.emit(event) }   // each emit is its own batch: one write
        }
        spin.stop()
        return (elapsed, journal.size)
    }
}
