/// How far a scan is, for "scanning 1,204 / 3,310". `total` grows while the folder is walked
/// (`isWalking`); each report after a batch was stored is also the moment to refresh the list.
package struct ScanProgress: Equatable, Sendable {
    /// Media files found so far.
    package var total = 0
    /// Files dealt with: unchanged, or probed and stored.
    package var done = 0
    /// Files probed because they were new or had changed (failed ones included).
    package var new = 0
    /// Files whose probe failed (listed anyway, with their error).
    package var failed = 0
    /// Files stored before that are gone from the folder, removed at the end.
    package var removed = 0
    /// Whether the folder is still being walked (so `total` may grow).
    package var isWalking = true

    package init() {}

    package init(total: Int, done: Int, new: Int, failed: Int, removed: Int, isWalking: Bool) {
        self.total = total
        self.done = done
        self.new = new
        self.failed = failed
        self.removed = removed
        self.isWalking = isWalking
    }
}
