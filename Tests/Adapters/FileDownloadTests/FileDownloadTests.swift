import SpinTesting
import Testing
import TestSupport

/// All of FileDownload's tests, one at a time: the memory test reads the process's peak
/// resident size, which a download running beside it would raise.
@Suite(.serialized, .waitsInRealTime)
struct FileDownloadTests {}
