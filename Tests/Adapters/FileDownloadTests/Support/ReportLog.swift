import FileDownload
import Synchronization
import Testing

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

    /// Returns once at least `bytes` were reported received (polls); fails the test when
    /// `timeout` passes first.
    func waitUntilReceived(_ bytes: Int64, within timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        while received < bytes {
            guard ContinuousClock.now < deadline else {
                Issue.record("only \(received) of \(bytes) bytes reported within \(timeout)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
