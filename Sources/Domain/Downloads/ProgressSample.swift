/// The bytes a download had received in its current attempt (all parts; not the bytes a resume
/// found on disk) at a time given by a progress event: the points the speed is measured over.
///
///     download.samples.last   // ProgressSample(at: .seconds(4), bytes: 4_000)
package struct ProgressSample: Equatable, Sendable, Codable {
    /// Time on the clock of the feedback that reported it, from an origin of its own.
    package var at: Duration
    package var bytes: Int

    package init(at: Duration, bytes: Int) {
        self.at = at
        self.bytes = bytes
    }
}
