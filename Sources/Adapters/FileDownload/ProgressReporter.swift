/// Passes `.received` reports on at most every `step` bytes (and always the last), so that a
/// fast download does not call its observer for every 16 kB.
struct ProgressReporter {
    let report: @Sendable (DownloadReport) -> Void
    let step: Int64
    private var reported: Int64 = -1

    init(step: Int64, report: @escaping @Sendable (DownloadReport) -> Void) {
        self.step = step
        self.report = report
    }

    /// `bytes` are on disk; told when at least `step` more than last told, or when `force`.
    mutating func received(_ bytes: Int64, force: Bool = false) {
        guard force || reported < 0 || bytes - reported >= step, bytes != reported else { return }
        reported = bytes
        report(.received(bytes))
    }
}
