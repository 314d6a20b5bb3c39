"""Runs a terminal program under a pseudo-terminal of a fixed size, types keys and reads every
byte it writes, and reads its CPU time and memory from /proc. The measuring half of `make bench`.
"""
import curses
import fcntl
import os
import pty
import select
import shutil
import struct
import tempfile
import termios
import time

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def key_sequence(term, capability):
    """The bytes a key sends in keypad-transmit mode, from terminfo (kcud1 = Down, ...)."""
    curses.setupterm(term, 1)
    value = curses.tigetstr(capability)
    if not value:
        raise SystemExit(f"terminfo {term} has no {capability}")
    return value


class PtyProgram:
    def __init__(self, argv, rows=24, columns=80, term="xterm-256color", env=None, state_home=None, data_home=None):
        """`state_home`: the XDG_STATE_HOME the program keeps its session in; by default a new
        empty one, removed by `finish`, so that no run resumes the user's or another run's session.
        `data_home`: its XDG_DATA_HOME (the library); by default inside the state home."""
        self.rows, self.columns = rows, columns
        environment = dict(os.environ if env is None else env)
        self.own_state_home = state_home is None
        self.state_home = tempfile.mkdtemp(prefix="spindle-state-") if state_home is None else state_home
        environment.update({"TERM": term, "LANG": "C.UTF-8", "LINES": str(rows), "COLUMNS": str(columns),
                            "XDG_STATE_HOME": self.state_home,
                            "XDG_DATA_HOME": data_home or os.path.join(self.state_home, "data")})
        environment.pop("NO_COLOR", None)
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            try:
                os.execve(argv[0], argv, environment)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.output = bytearray()

    def read(self, timeout):
        """Reads what arrives within `timeout` seconds of silence (0: what is there now)."""
        got = bytearray()
        while (chunk := self._chunk(timeout)) is not None:
            got += chunk
        self.output += got
        return bytes(got)

    def read_for(self, seconds):
        """Reads everything written during the next `seconds`; returns the bytes."""
        got = bytearray()
        deadline = time.perf_counter() + seconds
        while (remaining := deadline - time.perf_counter()) > 0 and (chunk := self._chunk(remaining)) is not None:
            got += chunk
        self.output += got
        return bytes(got)

    def _chunk(self, timeout):
        """The next bytes written within `timeout` seconds, or None (nothing, or the end)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        try:
            chunk = os.read(self.fd, 65536) or None
        except OSError:
            return None
        self._answer(chunk)
        return chunk

    def _answer(self, chunk):
        """Answers what a terminal answers: a primary device attributes query at once (a VT220's
        answer, no sixel), which a start with `--pictures auto` asks and would otherwise wait
        out its timeout for."""
        if chunk and (b"\x1b[c" in chunk or b"\x1b[0c" in chunk):
            os.write(self.fd, b"\x1b[?62;22c")

    def read_until(self, marker, timeout=10.0):
        """Reads until `marker` (bytes) has been written; returns seconds waited."""
        start = time.perf_counter()
        deadline = start + timeout
        while marker not in self.output:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"no {marker!r} after {timeout}s")
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    raise EOFError("program ended")
                self._answer(chunk)
                self.output += chunk
        return time.perf_counter() - start

    def press(self, key, settle=0.02, wait=2.0):
        """Types a key; returns (seconds to the first byte written within `wait`, or None; bytes
        written in all)."""
        start = time.perf_counter()
        os.write(self.fd, key)
        ready, _, _ = select.select([self.fd], [], [], wait)
        first = time.perf_counter() - start if ready else None
        written = self.read(settle) if ready else b""
        return first, written

    def first_frame(self, marker, timeout=10.0, silence=0.03):
        """Seconds from the start of the program to the end of the first frame showing `marker`:
        the last byte written before `silence` seconds pass with nothing more."""
        self.read_until(marker, timeout)
        last = time.perf_counter()
        while True:
            ready, _, _ = select.select([self.fd], [], [], silence)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            last = time.perf_counter()
            self.output += chunk
        return last - self.started

    def cpu_seconds(self):
        """CPU time of the process (all live threads) so far.

        From each thread's schedstat (nanoseconds on the CPU) when the kernel has it; /proc/PID/stat
        counts in clock ticks (10 ms), too coarse for a key that costs a few hundred microseconds.
        """
        total, seen = 0, False
        try:
            for task in os.listdir(f"/proc/{self.pid}/task"):
                try:
                    with open(f"/proc/{self.pid}/task/{task}/schedstat") as schedstat:
                        total += int(schedstat.read().split()[0])
                        seen = True
                except (FileNotFoundError, ProcessLookupError):
                    pass
        except FileNotFoundError:
            pass
        if seen and total > 0:
            return total / 1e9
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def process_cpu_seconds(self):
        """CPU time of the process so far, threads that have ended included (/proc/PID/stat, in
        clock ticks of 10 ms): for work of seconds spread over threads of its own."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def context_switches(self):
        """Voluntary + involuntary context switches of every thread: how often it woke up."""
        return sum(self.context_switches_by_thread().values())

    def context_switches_by_thread(self):
        """{thread id: its voluntary + involuntary context switches}."""
        counts = {}
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                with open(f"/proc/{self.pid}/task/{task}/status") as status:
                    for line in status:
                        if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                            counts[task] = counts.get(task, 0) + int(line.split()[1])
            except FileNotFoundError:
                pass
        return counts

    def wakeups_since(self, before):
        """The context switches since `before` (`context_switches_by_thread`): of the threads
        alive at both ends, and all of those that started since. A thread that ended meanwhile
        counts for nothing, rather than as fewer wake-ups (its count is gone with it)."""
        after = self.context_switches_by_thread()
        return sum(count - before.get(task, 0) for task, count in after.items())

    def peak_memory_kib(self):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM"):
                    return int(line.split()[1])
        return 0

    def resident_kib(self):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS"):
                    return int(line.split()[1])
        return 0

    def memory_kib(self):
        """Resident (RSS), proportional (PSS: shared pages divided among the processes that map
        them) and private (USS: pages of this process alone) memory, and the peak resident (VmHWM),
        in KiB, from /proc/PID/smaps_rollup and /proc/PID/status."""
        rollup = {}
        with open(f"/proc/{self.pid}/smaps_rollup") as smaps:
            for line in smaps:
                parts = line.split()
                if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                    rollup[parts[0][:-1]] = int(parts[1])
        return {"rss": rollup.get("Rss", 0), "pss": rollup.get("Pss", 0),
                "uss": rollup.get("Private_Clean", 0) + rollup.get("Private_Dirty", 0),
                "peak": self.peak_memory_kib()}

    def finish(self, quit_key=b"q", timeout=5.0):
        try:
            return self._finish(quit_key, timeout)
        finally:
            if self.own_state_home:
                shutil.rmtree(self.state_home, ignore_errors=True)

    def _finish(self, quit_key, timeout):
        os.write(self.fd, quit_key)
        deadline = time.time() + timeout
        while time.time() < deadline:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.read(0.01)
                os.close(self.fd)
                return status
            self.read(0.02)
        os.kill(self.pid, 15)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        return None
