/// What an engine says about the media it opened (`PlayerEngine.open`), besides positions.
public enum MediaReport: Equatable, Sendable, Codable {
    /// The media is ready to play: seeks and positions work from now on.
    case loaded(MediaInfo)
    /// The media cannot play, or the engine stopped (not installed, missing file, died, stopped
    /// answering). A message a user can read, one line. Nothing more comes after it.
    case failed(String)
}

/// The reports of an engine with nothing to load: none (its titles are ready at once).
public struct NoMediaReports: AsyncSequence, Sendable {
    public typealias Element = MediaReport
    public typealias Failure = Never

    public init() {}

    public func makeAsyncIterator() -> Iterator { Iterator() }

    public struct Iterator: AsyncIteratorProtocol {
        public typealias Failure = Never
        public mutating func next() async -> MediaReport? { nil }
    }
}
