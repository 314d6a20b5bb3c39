/// One process as /proc showed it at one moment: what its files say, nothing worked out.
public struct ProcessReading: Hashable, Sendable {
    public var pid: Int32
    /// The short name the kernel keeps (`comm`, at most 15 bytes): any bytes, spaces and
    /// parentheses included.
    public var name: String
    /// The arguments, separated by spaces; empty for a kernel thread (and a zombie).
    public var commandLine: String
    public var uid: UInt32
    public var user: String
    /// The kernel's one-letter state: R, S, D, Z, T, I…
    public var state: Character
    public var threads: Int
    public var residentBytes: UInt64
    /// Ticks spent on a CPU so far, in user and kernel mode (utime + stime).
    public var cpuTicks: UInt64
    /// When it started, in ticks after the boot.
    public var startTicks: UInt64

    public init(pid: Int32, name: String, commandLine: String = "", uid: UInt32 = 0, user: String = "root",
                state: Character = "S", threads: Int = 1, residentBytes: UInt64 = 0, cpuTicks: UInt64 = 0,
                startTicks: UInt64 = 0) {
        self.pid = pid
        self.name = name
        self.commandLine = commandLine
        self.uid = uid
        self.user = user
        self.state = state
        self.threads = threads
        self.residentBytes = residentBytes
        self.cpuTicks = cpuTicks
        self.startTicks = startTicks
    }
}

/// The machine's clocks at the moment of a sample: what the CPU percentages and the processes'
/// ages are worked out from.
public struct CPUTimes: Hashable, Sendable {
    /// Ticks counted by all the CPUs together since the boot (the "cpu" line of /proc/stat).
    public var totalTicks: UInt64
    public var cpuCount: Int
    /// Seconds since the boot (/proc/uptime).
    public var uptime: Double
    /// Ticks in a second (`CLK_TCK`, 100 on Linux).
    public var ticksPerSecond: Int

    public init(totalTicks: UInt64, cpuCount: Int, uptime: Double, ticksPerSecond: Int = 100) {
        self.totalTicks = totalTicks
        self.cpuCount = cpuCount
        self.uptime = uptime
        self.ticksPerSecond = ticksPerSecond
    }
}

/// Every process at one moment, and the clocks to compare it with the next sample.
public struct ProcessSample: Hashable, Sendable {
    public var processes: [ProcessReading]
    public var times: CPUTimes

    public init(processes: [ProcessReading], times: CPUTimes) {
        self.processes = processes
        self.times = times
    }
}
