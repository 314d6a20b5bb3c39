/// Reads the facts of a media file (`FFProbe` runs ffprobe on it).
///
/// Throws `MediaProbeError` for a file it cannot read, and `CancellationError` promptly when
/// its task is cancelled (a probe in flight is ended, by pid).
public protocol MediaProber: Sendable {
    func probe(_ file: MediaFile) async throws -> MediaFacts
}

/// Why a file could not be probed, in words a user can read on one line
/// ("ffprobe is not installed", "Invalid data found when processing input").
public struct MediaProbeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
