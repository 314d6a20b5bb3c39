/// How far a scan is, for "scanning 1,204 / 3,310". `total` grows while the folder is walked
/// (`isWalking`); each report after a batch was stored is also the moment to refresh the list.
public struct ScanProgress: Equatable, Sendable {
    /// Media files found so far.
    public var total = 0
    /// Files dealt with: unchanged, or probed and stored.
    public var done = 0
    /// Files probed because they were new or had changed (failed ones included).
    public var new = 0
    /// Files whose probe failed (listed anyway, with their error).
    public var failed = 0
    /// Files stored before that are gone from the folder, removed at the end.
    public var removed = 0
    /// Whether the folder is still being walked (so `total` may grow).
    public var isWalking = true

    public init() {}

    public init(total: Int, done: Int, new: Int, failed: Int, removed: Int, isWalking: Bool) {
        self.total = total
        self.done = done
        self.new = new
        self.failed = failed
        self.removed = removed
        self.isWalking = isWalking
    }
}
