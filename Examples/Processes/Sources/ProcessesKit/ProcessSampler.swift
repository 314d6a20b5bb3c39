import Foundation
import Synchronization

/// Reads every process from /proc: each one's stat, status (its Uid and VmRSS) and cmdline, and
/// the CPU totals of /proc/stat. Every read is bounded (`readLimit`), a process that vanishes
/// while it is read is left out, and a user's name is looked up once per uid.
///
///     let sampler = ProcessSampler()
///     let sample = try sampler.sample()
///
/// The parsing is pure (`ProcFiles`) and tested on fixed text; this type only reads files.
public final class ProcessSampler: Sendable {
    /// Where the proc file system is mounted (a folder of the same shape in tests).
    public let root: String
    /// The most bytes read from one file: a huge command line is cut there.
    public let readLimit: Int
    private let userNames = Mutex<[UInt32: String]>([:])

    public init(root: String = "/proc", readLimit: Int = 64 * 1024) {
        self.root = root
        self.readLimit = readLimit
    }

    /// Every process now, and the clocks. Throws only when /proc/stat cannot be read (no /proc).
    public func sample() throws(ProcessSamplerError) -> ProcessSample {
        guard let stat = contents("stat").map(ProcFiles.text), let totals = ProcFiles.cpuTotals(stat: stat) else {
            throw ProcessSamplerError(path: root + "/stat")
        }
        let uptime = contents("uptime").map(ProcFiles.text).flatMap(ProcFiles.uptime) ?? 0
        let times = CPUTimes(totalTicks: totals.ticks, cpuCount: totals.cpus, uptime: uptime,
                             ticksPerSecond: max(sysconf(Int32(_SC_CLK_TCK)), 1))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let processes = names.compactMap(Int32.init).sorted().compactMap(reading)
        return ProcessSample(processes: processes, times: times)
    }

    /// The process `pid`, or nil if it vanished before its stat was read.
    func reading(_ pid: Int32) -> ProcessReading? {
        guard let stat = contents("\(pid)/stat").map(ProcFiles.text).flatMap(ProcFiles.stat) else { return nil }
        let status = contents("\(pid)/status").map(ProcFiles.text).map(ProcFiles.status)
        let uid = status?.uid ?? 0
        return ProcessReading(
            pid: pid, name: stat.name, commandLine: contents("\(pid)/cmdline").map(ProcFiles.commandLine) ?? "",
            uid: uid, user: userName(uid), state: stat.state, threads: stat.threads,
            residentBytes: (status?.residentKilobytes ?? 0) * 1024, cpuTicks: stat.cpuTicks, startTicks: stat.startTicks)
    }

    /// The user's login name, looked up once; the number when it has none.
    func userName(_ uid: UInt32) -> String {
        if let name = userNames.withLock({ $0[uid] }) { return name }
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let name = getpwuid_r(uid, &entry, &buffer, buffer.count, &found) == 0 && found != nil
            ? String(cString: entry.pw_name) : String(uid)
        userNames.withLock { $0[uid] = name }
        return name
    }

    /// At most `readLimit` bytes of the file at `path` under the root; nil if it cannot be opened
    /// (the process is gone).
    func contents(_ path: String) -> [UInt8]? {
        let descriptor = open(root + "/" + path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: readLimit)
        var count = 0
        while count < readLimit {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, readLimit - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return Array(bytes.prefix(count))
    }
}

/// /proc could not be read: not Linux, or no proc file system mounted.
public struct ProcessSamplerError: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "cannot read \(path): is /proc mounted?" }
}

/// The parsing of /proc's files: pure functions of their text.
public enum ProcFiles {
    /// The fields of /proc/[pid]/stat that the browser shows.
    public struct Stat: Hashable, Sendable {
        public var name: String
        public var state: Character
        public var cpuTicks: UInt64
        public var threads: Int
        public var startTicks: UInt64

        public init(name: String, state: Character, cpuTicks: UInt64, threads: Int, startTicks: UInt64) {
            (self.name, self.state, self.cpuTicks, self.threads, self.startTicks) = (name, state, cpuTicks, threads, startTicks)
        }
    }

    /// The fields of /proc/[pid]/status that the browser shows.
    public struct Status: Hashable, Sendable {
        public var uid: UInt32?
        public var residentKilobytes: UInt64?

        public init(uid: UInt32? = nil, residentKilobytes: UInt64? = nil) {
            self.uid = uid
            self.residentKilobytes = residentKilobytes
        }
    }

    /// Bytes as text; bytes that are not UTF-8 become U+FFFD.
    public static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A stat line: `pid (comm) state ppid …`. The name is what lies between the first "(" and
    /// the last ")", since it may hold spaces and parentheses itself; the fields after it are
    /// numbered from 3 (state) as in proc(5).
    public static func stat(_ text: String) -> Stat? {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        func field(_ number: Int) -> UInt64? { fields.indices.contains(number - 3) ? UInt64(fields[number - 3]) : nil }
        guard let state = fields.first?.first, let user = field(14), let system = field(15),
              let threads = field(20), let start = field(22) else { return nil }
        return Stat(name: String(text[text.index(after: open)..<close]), state: state, cpuTicks: user &+ system,
                    threads: Int(clamping: threads), startTicks: start)
    }

    /// The real uid (the first number of the Uid line) and VmRSS, in kB, of a status file.
    public static func status(_ text: String) -> Status {
        var status = Status()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Uid:") {
                status.uid = line.dropFirst(4).split(whereSeparator: \.isWhitespace).first.flatMap { UInt32($0) }
            } else if line.hasPrefix("VmRSS:") {
                status.residentKilobytes = line.dropFirst(6).split(whereSeparator: \.isWhitespace).first.flatMap { UInt64($0) }
            }
        }
        return status
    }

    /// A cmdline file: arguments ended by NUL bytes, joined by spaces (a cut one kept as far as
    /// it goes).
    public static func commandLine(_ bytes: [UInt8]) -> String {
        bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// The ticks of all CPUs together (user to steal: guest time is counted in user already) and
    /// how many CPUs there are, from /proc/stat.
    public static func cpuTotals(stat text: String) -> (ticks: UInt64, cpus: Int)? {
        let lines = text.split(separator: "\n")
        guard let total = lines.first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let ticks = total.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }.reduce(0, &+)
        let cpus = lines.count { $0.hasPrefix("cpu") && $0.dropFirst(3).first?.isNumber == true }
        return (ticks, max(cpus, 1))
    }

    /// The seconds since the boot: the first number of /proc/uptime.
    public static func uptime(_ text: String) -> Double? {
        text.split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
    }
}
