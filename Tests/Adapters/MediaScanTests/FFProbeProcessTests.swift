import Foundation
import MediaScan
import SpinTesting
import Testing
import TestSupport

/// FFProbe's handling of its child process, with scripts standing in for ffprobe.
@Suite("FFProbe's child process", .waitsInRealTime)
struct FFProbeProcessTests {
    let file = MediaFile(path: "/media/Film Title (1999).mkv", size: 1, modified: 0)

    @Test func saysWhenFFprobeIsNotInstalled() async throws {
        for executable in ["/nonexistent", "ffprobe-which-no-one-installed"] {
            await #expect(throws: MediaProbeError("ffprobe is not installed")) {
                try await FFProbe(executable: executable).probe(file)
            }
        }
    }

    @Test func killsAndReapsAChildThatDoesNotAnswerInTime() async throws {
        try await withTemporaryFolder { folder in
            // The child sleeps an hour, past the test's time limit: not waited out if the test ends.
            let probe = FFProbe(executable: try fakeProbe(in: folder, "exec sleep 3600"), timeout: .milliseconds(300))

            await #expect(throws: MediaProbeError("ffprobe did not answer within 0.3 s")) {
                try await probe.probe(file)
            }

            let pid = try #require(try await fakeProbePID(in: folder))
            #expect(isGone(pid))
        }
    }

    @Test func waitsNoLongerForAChildThatClosedItsOutputButRuns() async throws {
        try await withTemporaryFolder { folder in
            let script = try fakeProbe(in: folder, "exec >&- 2>&- sleep 30")
            await #expect(throws: MediaProbeError("ffprobe did not answer within 0.3 s")) {
                try await FFProbe(executable: script, timeout: .milliseconds(300)).probe(file)
            }
            let pid = try #require(try await fakeProbePID(in: folder))
            #expect(isGone(pid))
        }
    }

    @Test func cancellingTheTaskKillsTheChildAtOnce() async throws {
        try await withTemporaryFolder { folder in
            // The child sleeps an hour, past the test's time limit: not waited out if the test ends.
            let probe = FFProbe(executable: try fakeProbe(in: folder, "exec sleep 3600"))
            let file = file
            let probing = Task { try await probe.probe(file) }
            let pid = try #require(try await fakeProbePID(in: folder))
            #expect(!isGone(pid))

            probing.cancel()

            await #expect(throws: CancellationError.self) { try await probing.value }
            #expect(isGone(pid))
        }
    }

    @Test func aTaskCancelledBeforehandStartsNothing() async throws {
        try await withTemporaryFolder { folder in
            let probe = FFProbe(executable: try fakeProbe(in: folder, "exec sleep 30"))
            let file = file
            let probing = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await probe.probe(file)
            }
            await #expect(throws: CancellationError.self) { try await probing.value }
            #expect(!FileManager.default.fileExists(atPath: "\(folder)/pid"))
        }
    }

    @Test func tellsTheFirstLineOfErrorsOnOneLineWithoutControlCharacters() async throws {
        try await withTemporaryFolder { folder in
            let script = try fakeProbe(in: folder, #"""
                printf '\n  file:/media/Film Title (1999).mkv: \033[31mBad\tthing\a\n second line\n' >&2
                exit 3
                """#)
            await #expect(throws: MediaProbeError("[31mBad thing")) {
                try await FFProbe(executable: script).probe(file)
            }
        }
    }

    @Test func prefersTheVerdictOnTheFileAndDropsWhereALineCameFrom() async throws {
        try await withTemporaryFolder { folder in
            let verdict = try fakeProbe(in: folder, #"""
                echo '[matroska,webm @ 0x5634c82d9180] EBML header parsing failed' >&2
                echo 'file:/media/Film Title (1999).mkv: Invalid data found when processing input' >&2
                exit 1
                """#)
            await #expect(throws: MediaProbeError("Invalid data found when processing input")) {
                try await FFProbe(executable: verdict).probe(file)
            }
        }
        try await withTemporaryFolder { folder in
            let first = try fakeProbe(in: folder, #"""
                echo '[matroska,webm @ 0x5634c82d9180] EBML header parsing failed' >&2
                echo 'and more' >&2
                exit 1
                """#)
            await #expect(throws: MediaProbeError("EBML header parsing failed")) {
                try await FFProbe(executable: first).probe(file)
            }
        }
    }

    @Test func cutsALongErrorLine() async throws {
        try await withTemporaryFolder { folder in
            let script = try fakeProbe(in: folder, "printf '%0300d' 0 >&2; exit 1")
            await #expect(throws: MediaProbeError(String(repeating: "0", count: 200) + "…")) {
                try await FFProbe(executable: script).probe(file)
            }
        }
    }

    @Test func tellsHowItEndedWhenItSaysNothing() async throws {
        try await withTemporaryFolder { folder in
            let failing = try fakeProbe(in: folder, "exit 4")
            await #expect(throws: MediaProbeError("ffprobe exited with status 4")) {
                try await FFProbe(executable: failing).probe(file)
            }
            let killed = try fakeProbe(in: folder, "kill -9 $$")
            await #expect(throws: MediaProbeError("ffprobe was killed by signal 9")) {
                try await FFProbe(executable: killed).probe(file)
            }
        }
    }

    @Test(arguments: ["echo not json", "echo '[1, 2]'", "echo '{\"format\": 1}'", "true"])
    func refusesAnAnswerItCannotRead(script: String) async throws {
        try await withTemporaryFolder { folder in
            let probe = FFProbe(executable: try fakeProbe(in: folder, script))
            await #expect(throws: MediaProbeError("ffprobe's answer could not be read")) {
                try await probe.probe(file)
            }
        }
    }

    @Test func givesFFprobeTheFileAsAnArgumentWithNoShell() async throws {
        try await withTemporaryFolder { folder in
            let file = MediaFile(path: "\(folder)/$(touch pwned) `touch pwned` 'quoted'.mkv", size: 1, modified: 0)
            let script = try fakeProbe(in: folder, #"""
                for argument in "$@"; do printf '%s\n' "$argument" >> "$(dirname "$0")/arguments"; done
                echo '{"format": {"duration": "1.5"}}'
                """#)

            let facts = try await FFProbe(executable: script).probe(file)

            #expect(facts.duration == 1.5)
            let arguments = try String(contentsOfFile: "\(folder)/arguments", encoding: .utf8)
            #expect(arguments.split(separator: "\n").last == "file:\(file.path)")
            #expect(!FileManager.default.fileExists(atPath: "\(folder)/pwned"))
        }
    }
}
