import FileDownload
import SpinTesting
import Synchronization
import Testing
import TestSupport

/// Keeps the reports a download sends, for a test to read while it runs and after.
final class ReportLog: Sendable {
    private let reports = Mutex<[DownloadReport]>([])

    var all: [DownloadReport] { reports.withLock { $0 } }

    /// The last `.received`, or 0.
    var received: Int64 {
        reports.withLock { reports in
            for report in reports.reversed() { if case .received(let bytes) = report { return bytes } }
            return 0
        }
    }

    @Sendable func record(_ report: DownloadReport) {
        reports.withLock { $0.append(report) }
    }

    /// Returns once at least `bytes` were reported received (`eventually`); records an issue
    /// and throws if they never are.
    func waitUntilReceived(_ bytes: Int64, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await eventually("\(bytes) bytes reported received", sourceLocation: sourceLocation,
                             observe: { received }, until: { $0 >= bytes })
    }
}
