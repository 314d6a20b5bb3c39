/// The downloads screen (`o`): which row is selected. Its rows are the board's summaries.
public struct DownloadsScreenState: Equatable, Sendable, Codable {
    public var selection: Int

    public init(selection: Int = 0) {
        self.selection = selection
    }
}
