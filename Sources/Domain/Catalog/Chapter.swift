/// A chapter of the media: its name and where it starts, in seconds.
package struct Chapter: Equatable, Hashable, Sendable, Codable {
    package var title: String
    package var start: Double

    package init(title: String, start: Double) {
        self.title = title
        self.start = start
    }
}
