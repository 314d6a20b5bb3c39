import Foundation

/// A shell script standing in for ffprobe, in `folder`: `body` runs with ffprobe's arguments.
/// Its pid is written to `folder/pid` first (`exec` keeps it for the program it becomes).
///
///     let probe = FFProbe(executable: try fakeProbe(in: folder, "exec sleep 30"))
///
/// Written through a close-on-exec descriptor: a child another test spawns meanwhile must not
/// keep it open for writing, or running the script would fail ("Text file busy").
func fakeProbe(in folder: String, _ body: String) throws -> String {
    let path = "\(folder)/fake-ffprobe"
    let text = "#!/bin/sh\necho $$ > \"\(folder)/pid\"\n\(body)\n"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let written = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count - 1) }
    close(descriptor)
    guard written == text.utf8.count else { throw POSIXError(.EIO) }
    return path
}

/// The pid the fake probe wrote, once it has (waits up to 5 s).
func fakeProbePID(in folder: String) async throws -> pid_t? {
    for _ in 0 ..< 500 {
        if let text = try? String(contentsOfFile: "\(folder)/pid", encoding: .utf8),
           let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return pid
        }
        try await Task.sleep(for: .milliseconds(10))
    }
    return nil
}

/// Whether no process has `pid` any more (reaped, not merely a zombie).
func isGone(_ pid: pid_t) -> Bool {
    kill(pid, 0) == -1 && errno == ESRCH
}
