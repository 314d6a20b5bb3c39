import Foundation
import Terminal
import Testing

/// Compares a screen with a committed text file under `__Snapshots__` beside the test file.
///
/// A missing file is written and the test fails once, so that a new snapshot is looked at
/// before it is committed; `SPINDLE_RECORD_SNAPSHOTS=1` rewrites them all.
///
///     let screen = HeadlessScreen(size: Size(rows: 24, columns: 80))
///     draw(on: screen)
///     expectSnapshot(screen, named: "list-80x24")
public func expectSnapshot(
    _ screen: HeadlessScreen, named name: String, styled: Bool = true,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let body = styled ? screen.text + "\n\n--- styles ---\n" + screen.styledText : screen.text
    expectSnapshot(body + "\n", named: name, filePath: filePath, sourceLocation: sourceLocation)
}

/// Compares text with a committed snapshot file (see the screen version).
public func expectSnapshot(
    _ text: String, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent(name + ".txt")
    let record = ProcessInfo.processInfo.environment["SPINDLE_RECORD_SNAPSHOTS"] == "1"
    guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        if !record {
            Issue.record("No snapshot \(name).txt yet: recorded it; check and commit it.", sourceLocation: sourceLocation)
        }
        return
    }
    if expected != text {
        Issue.record("""
            Screen differs from snapshot \(name).txt (SPINDLE_RECORD_SNAPSHOTS=1 to re-record):
            \(lineDiff(expected: expected, actual: text))
            """, sourceLocation: sourceLocation)
    }
}

/// The lines that differ, numbered, expected (-) then actual (+).
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for index in 0..<max(old.count, new.count) {
        let before = index < old.count ? String(old[index]) : nil
        let after = index < new.count ? String(new[index]) : nil
        if before != after {
            if let before { lines.append("\(index + 1) - \(before)") }
            if let after { lines.append("\(index + 1) + \(after)") }
        }
    }
    return lines.joined(separator: "\n")
}
