import Foundation
import SpinTesting
import Testing
import TestSupport

/// A shell script standing in for ffprobe, in `folder`: `body` runs with ffprobe's arguments.
/// Its pid is written to `folder/pid` first (`exec` keeps it for the program it becomes).
///
///     let probe = FFProbe(executable: try fakeProbe(in: folder, "exec sleep 30"))
///
/// Written through a close-on-exec descriptor: a child another test spawns meanwhile must not
/// keep it open for writing, or running the script would fail ("Text file busy").
func fakeProbe(in folder: String, _ body: String, name: String = "fake-ffprobe") throws -> String {
    let path = "\(folder)/\(name)"
    let text = "#!/bin/sh\necho $$ > \"\(folder)/pid\"\n\(body)\n"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let written = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
    close(descriptor)
    guard written == text.utf8.count else { throw POSIXError(.EIO) }
    return path
}

/// The pid the fake probe wrote, once it has (`eventually`: an issue and a throw if it never does).
func fakeProbePID(in folder: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> pid_t? {
    try await eventually("the fake probe's pid in \(folder)/pid", sourceLocation: sourceLocation, observe: {
        (try? String(contentsOfFile: "\(folder)/pid", encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }, until: { $0 != nil })
}

/// Whether no process has `pid` any more (reaped, not merely a zombie).
func isGone(_ pid: pid_t) -> Bool {
    kill(pid, 0) == -1 && errno == ESRCH
}
