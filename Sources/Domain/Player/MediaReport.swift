/// What an engine says about the media it opened (`PlayerEngine.open`), besides positions.
package enum MediaReport: Equatable, Sendable, Codable {
    /// The media is ready to play: seeks and positions work from now on.
    case loaded(MediaInfo)
    /// The media cannot play, or the engine stopped (not installed, missing file, died, stopped
    /// answering). A message a user can read, one line. Nothing more comes after it.
    case failed(String)
}

/// The reports of an engine with nothing to load: none (its titles are ready at once).
package struct NoMediaReports: AsyncSequence, Sendable {
    package typealias Element = MediaReport
    package typealias Failure = Never

    package init() {}

    package func makeAsyncIterator() -> Iterator { Iterator() }

    package struct Iterator: AsyncIteratorProtocol {
        package typealias Failure = Never
        package mutating func next() async -> MediaReport? { nil }
    }
}
