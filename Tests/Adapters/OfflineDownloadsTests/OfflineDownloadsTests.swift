import Testing

/// All of OfflineDownloads' tests, one at a time: they start servers and write files, and the
/// machine running them is small.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct OfflineDownloadsTests {}
