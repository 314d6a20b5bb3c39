import Foundation
import Spin
import SpinJournal

/// A small Codable state machine for the journal's tests: a running total, a log of notes,
/// and frames that only an animation changes (not durable).
struct Tally: Codable, Equatable, Sendable {
    var total = 0
    var notes: [String] = []
    var frames = 0
}

enum TallyEvent: Codable, Equatable, Sendable {
    case added(Int)
    case noted(String)
    /// An animation frame: the journal's selector leaves it out.
    case ticked

    static let reducer = Reducer<Tally, TallyEvent> { (tally: inout Tally, event: TallyEvent) in
        switch event {
        case .added(let amount): tally.total += amount
        case .noted(let note): tally.notes.append(note)
        case .ticked: tally.frames += 1
        }
    }

    /// Everything but animation frames.
    static let durable: @Sendable (TallyEvent) -> TallyEvent? = { $0 == .ticked ? nil : $0 }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("spin-journal-\(UUID().uuidString)").path
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func lines(of file: String) -> [String] {
        let text = (try? String(contentsOfFile: "\(path)/\(file)", encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func write(_ text: String, to file: String) throws {
        try text.write(toFile: "\(path)/\(file)", atomically: false, encoding: .utf8)
    }

    func size(of file: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: "\(path)/\(file)"))?[.size] as? Int) ?? 0
    }
}
