/// The downloads screen (`o`): which row is selected. Its rows are the board's summaries.
package struct DownloadsScreenState: Equatable, Sendable, Codable {
    package var selection: Int

    package init(selection: Int = 0) {
        self.selection = selection
    }
}
