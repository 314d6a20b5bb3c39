/// A chapter of the media: its name and where it starts, in seconds.
public struct Chapter: Equatable, Hashable, Sendable, Codable {
    public var title: String
    public var start: Double

    public init(title: String, start: Double) {
        self.title = title
        self.start = start
    }
}
