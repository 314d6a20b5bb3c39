import Catalog
import Foundation
import MediaScan
import SpinTesting
import Testing
import TestSupport

/// The probers the scan can use: ffprobe, once per file, and the probe helper (`spindle-probe`,
/// built beside the tests), whose fallback here is no ffprobe at all, so that a helper that
/// cannot run fails the test rather than passing on ffprobe's answers.
enum ProberKind: String, CaseIterable, CustomTestStringConvertible {
    case ffprobe
    case helper

    func make() throws -> any MediaProber {
        switch self {
        case .ffprobe: FFProbe()
        case .helper: HelperProbe(executable: try #require(HelperProbe.helperPath(), "spindle-probe is built beside the tests"),
                                  fallback: FFProbe(executable: "/nonexistent/ffprobe"))
        }
    }

    var testDescription: String { rawValue }
}

/// The probe helper's process: what a hostile file, a crash, a helper that cannot run and a
/// cancelled scan cost, and that no helper is left behind.
@Suite("The probe helper", .waitsInRealTime, .needsFFmpeg)
struct HelperProbeTests {
    /// The helper's answer and ffprobe's are the same, facts or error, for good files and bad.
    @Test func agreesWithFFprobeOnGoodAndBrokenFiles() async throws {
        let helper = try ProberKind.helper.make()
        try await withTemporaryFolder { folder in
            let mkv = try TestMedia.tiny(seconds: 3, tags: ["title": "Tagged", "show": "Show", "date": "2003"],
                                         chapters: [("Intro", 0), ("Main", 1)])
            let whole = try Data(contentsOf: URL(fileURLWithPath: mkv))
            var files: [String: Data] = [
                "film.mkv": whole,
                "clip.mp4": try Data(contentsOf: URL(fileURLWithPath: try TestMedia.tiny(container: "mp4", seconds: 1))),
                "tone.m4a": try Data(contentsOf: URL(fileURLWithPath: try TestMedia.tiny(.audio, container: "m4a", seconds: 1))),
                "half.mkv": whole.prefix(whole.count / 2),
                "head.mkv": whole.prefix(1024),
                "empty.mkv": Data(),
                "text.mkv": Data("not a film at all\n".utf8),
            ]
            var noise = SeededRandom(seed: 7)
            files["noise.mkv"] = Data((0 ..< 4096).map { _ in UInt8(truncatingIfNeeded: noise.next()) })
            for (name, bytes) in files { try bytes.write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
            var outcomes: [String: Result<MediaFacts, MediaProbeError>] = [:]
            for name in files.keys.sorted() {
                let file = MediaFile(path: "\(folder)/\(name)", size: 1, modified: 0)
                let byHelper = await Self.outcome { try await helper.probe(file) }
                let byFFprobe = await Self.outcome { try await FFProbe().probe(file) }
                #expect(byHelper == byFFprobe, "\(name)")
                outcomes[name] = byHelper
            }
            // Both kinds of answer were compared.
            #expect(try outcomes["film.mkv"]?.get().chapters.map(\.title) == ["Intro", "Main"])
            #expect(try outcomes["film.mkv"]?.get().title == "Tagged")
            #expect(outcomes["text.mkv"] == .failure(MediaProbeError("Invalid data found when processing input")))
        }
    }

    /// A file whose reading never ends (a FIFO no one writes) costs its own time, once: the
    /// helper is killed by pid and the next file gets another.
    @Test func aFileThatNeverEndsCostsItsTimeAndTheNextFileGetsAnotherHelper() async throws {
        let path = try #require(HelperProbe.helperPath())
        let prober = HelperProbe(executable: path, fallback: FFProbe(executable: "/nonexistent/ffprobe"), timeout: .seconds(2))
        let good = try TestMedia.tiny(seconds: 1)
        try await withTemporaryFolder { folder in
            #expect(mkfifo("\(folder)/stuck.mkv", 0o600) == 0)
            _ = try await prober.probe(MediaFile(path: good, size: 1, modified: 0))
            let first = try #require(prober.idleHelperPIDs.first)

            await #expect(throws: MediaProbeError("it could not be read within 2 s")) {
                try await prober.probe(MediaFile(path: "\(folder)/stuck.mkv", size: 0, modified: 0))
            }
            try await eventually("the stuck helper \(first) gone", observe: { isGone(first) }, until: { $0 })

            let facts = try await prober.probe(MediaFile(path: good, size: 1, modified: 0))
            #expect(facts.duration == 1)
            #expect(prober.idleHelperPIDs.count == 1 && prober.idleHelperPIDs != [first])
        }
    }

    /// A helper that crashes on a file costs that file one line; the next file is read.
    @Test func aCrashCostsThatFileOneLine() async throws {
        try await withTemporaryFolder { folder in
            let script = try fakeHelper(in: folder, """
                echo "spindle-probe 1"
                while IFS= read -r -d '' path; do
                  case "$path" in *crash*) kill -SEGV $$ ;; esac
                  echo '{"format":{"duration":"1.000000","tags":{"title":"Fake"}},"chapters":[],"streams":[]}'
                done
                """)
            let prober = HelperProbe(executable: script, fallback: FFProbe(executable: "/nonexistent/ffprobe"))

            await #expect(throws: MediaProbeError("it stopped the probe (killed by signal 11)")) {
                try await prober.probe(MediaFile(path: "/media/crash.mkv", size: 1, modified: 0))
            }
            let facts = try await prober.probe(MediaFile(path: "/media/fine.mkv", size: 1, modified: 0))
            #expect(facts.title == "Fake" && facts.duration == 1)
            #expect(prober.isUsable)
        }
    }

    /// A helper that ends without its greeting (a missing library, a wrong build) is not used
    /// again: ffprobe reads the files.
    @Test func aHelperThatCannotRunLeavesTheFilesToFFprobe() async throws {
        try await withTemporaryFolder { folder in
            let helper = try fakeHelper(in: folder, "echo 'error while loading shared libraries' >&2; exit 127")
            let ffprobe = try fakeProbe(in: folder, """
                echo '{"format":{"duration":"3.000000","tags":{"title":"From ffprobe"}},"chapters":[],"streams":[]}'
                """)
            let prober = HelperProbe(executable: helper, fallback: FFProbe(executable: ffprobe))
            for _ in 0 ..< 2 {
                let facts = try await prober.probe(MediaFile(path: "/media/film.mkv", size: 1, modified: 0))
                #expect(facts.title == "From ffprobe")
            }
            #expect(!prober.isUsable)
        }
    }

    /// Cancelling the scan's task kills the helper at work, by pid, at once.
    @Test func cancellingKillsTheHelperAtWork() async throws {
        try await withTemporaryFolder { folder in
            let script = try fakeHelper(in: folder, """
                echo "spindle-probe 1"
                IFS= read -r -d '' path
                exec sleep 3600
                """)
            let prober = HelperProbe(executable: script, fallback: FFProbe(executable: "/nonexistent/ffprobe"), timeout: .seconds(3600))
            let task = Task { try await prober.probe(MediaFile(path: "/media/film.mkv", size: 1, modified: 0)) }
            let pid = try #require(try await fakeProbePID(in: folder))
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            try await eventually("the helper \(pid) gone", observe: { isGone(pid) }, until: { $0 })
        }
    }

    /// Idle helpers end when their prober goes (their input closes), so none outlives the app.
    @Test func noHelperOutlivesItsProber() async throws {
        let good = try TestMedia.tiny(seconds: 1)
        var pids: [pid_t] = []
        do {
            let prober = try #require(try ProberKind.helper.make() as? HelperProbe)
            async let first = prober.probe(MediaFile(path: good, size: 1, modified: 0))
            async let second = prober.probe(MediaFile(path: good, size: 1, modified: 0))
            _ = try await (first, second)
            pids = prober.idleHelperPIDs
        }
        #expect(!pids.isEmpty)
        for pid in pids {
            try await eventually("the idle helper \(pid) gone", observe: { isGone(pid) }, until: { $0 })
        }
    }

    /// What a probe gave: its facts, or its error's words.
    static func outcome(_ probe: () async throws -> MediaFacts) async -> Result<MediaFacts, MediaProbeError> {
        do {
            return .success(try await probe())
        } catch let error as MediaProbeError {
            return .failure(error)
        } catch {
            return .failure(MediaProbeError("\(error)"))
        }
    }

    /// A bash script standing in for the helper, written as `fakeProbe` writes its own.
    func fakeHelper(in folder: String, _ body: String) throws -> String {
        try fakeProbe(in: folder, "exec /bin/bash -c \(Self.quoted(body))", name: "fake-helper")
    }

    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
