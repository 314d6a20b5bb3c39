/// What a spin knows of the downloads, from the gear alone (`DownloadsGearEvent`): each title's
/// latest summary, in the order the downloads spin first told of them (a title requested
/// again moves to the end). A value for another spin's state.
///
///     board.apply(.changed(summary))
///     board["film"]?.percent      // 42
///     board.summaries             // the downloads screen's rows
package struct DownloadsBoard: Equatable, Sendable, Codable {
    package private(set) var byID: [String: DownloadSummary] = [:]
    package private(set) var order: [String] = []

    package init() {}

    package subscript(id: String) -> DownloadSummary? { byID[id] }

    /// The downloads in order.
    package var summaries: [DownloadSummary] { order.compactMap { byID[$0] } }

    package var isEmpty: Bool { order.isEmpty }

    package mutating func apply(_ event: DownloadsGearEvent) {
        switch event {
        case .changed(let summary):
            if byID[summary.id] == nil || (summary.status == .queued && byID[summary.id]?.status != .queued) {
                order.removeAll { $0 == summary.id }
                order.append(summary.id)
            }
            byID[summary.id] = summary
        case .removed(let id):
            byID[id] = nil
            order.removeAll { $0 == id }
        }
    }
}
