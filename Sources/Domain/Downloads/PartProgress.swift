/// How far one part of a download is.
///
///     PartProgress(received: 500, total: 1_000).fraction   // 0.5
package struct PartProgress: Equatable, Sendable, Codable {
    /// Bytes received so far.
    package var received: Int
    /// The part's size, once the source has said (or once it finished).
    package var total: Int?
    /// Where the part is stored, once it finished.
    package var localPath: String?

    package init(received: Int = 0, total: Int? = nil, localPath: String? = nil) {
        self.received = received
        self.total = total
        self.localPath = localPath
    }

    package var isFinished: Bool { localPath != nil }

    /// 0 … 1: 1 once finished, received / total while the total is known, nil otherwise.
    package var fraction: Double? {
        if isFinished { return 1 }
        guard let total, total > 0 else { return nil }
        return min(1, Double(received) / Double(total))
    }
}
