import SpinTesting
import Testing
import TestSupport

/// All of OfflineDownloads' tests, one at a time: they start servers and write files, and the
/// machine running them is small.
@Suite(.serialized, .waitsInRealTime)
struct OfflineDownloadsTests {}
