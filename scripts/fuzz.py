#!/usr/bin/env python3
"""A pty fuzzer for the `spindle` app: starts the real binary in a pseudo-terminal, throws keys,
escape sequences, invalid UTF-8, bracketed pastes, mouse reports and resizes at it, and checks
after every round that it is alive and answering, that it never writes a string-type escape
sequence (OSC, DCS, APC, PM, SOS) and that every exit gives the terminal back exactly as it was.

    scripts/fuzz.py --binary .build/release/spindle --seconds 60 [--seed N]
    scripts/fuzz.py --binary .build/debug/spindle --replay .build/fuzz/fail-123.log

Python 3 standard library only. See docs/fuzzing.md for what it checks and why.
"""
import argparse
import errno
import fcntl
import json
import os
import random
import re
import select
import shutil
import signal
import socket
import subprocess
import struct
import sys
import tempfile
import termios
import time

# ----------------------------------------------------------------------------------------------
# Bytes that are never sent. The fixed list is the terminal's signal and flow-control bytes;
# to it are added the c_cc entries that are live in the app's own modes (see live_special_bytes).
NEVER_SEND = {0x03, 0x1C, 0x1A, 0x13, 0x11}

# Private modes the app may turn on: (mode, the final byte that turns it on).
ENABLING = {1: "h", 47: "h", 1047: "h", 1049: "h", 1000: "h", 1001: "h", 1002: "h", 1003: "h",
            1004: "h", 1005: "h", 1006: "h", 1015: "h", 2004: "h", 25: "l"}
PRIVATE_MODE = re.compile(rb"\x1b\[\?([0-9;]*)([hl])")
KEYPAD_MODE = re.compile(rb"\x1b([=>])")
STRING_INTRODUCER = re.compile(rb"\x1b[\]P_^X]")
# The picture sequences an app run with `--pictures kitty` or `sixel` may write, whole and well
# formed: kitty graphics commands (keys, then base64) and sixel strings (parameters, q, then
# sixel data), each ended by ST. Anything else of their kind is still a failure.
PICTURE_SEQUENCES = {
    "kitty": re.compile(rb"\x1b_G[a-zA-Z]=[-0-9a-zA-Z]+(,[a-zA-Z]=[-0-9a-zA-Z]+)*(;[A-Za-z0-9+/=]*)?\x1b\\"),
    "sixel": re.compile(rb"\x1bP[0-9;]*q[\x20-\x7e\r\n]*\x1b\\"),
}
STRING_NAMES = {ord("]"): "OSC", ord("P"): "DCS", ord("_"): "APC", ord("^"): "PM", ord("X"): "SOS"}
C1_STRINGS = {0x90: "DCS", 0x98: "SOS", 0x9D: "OSC", 0x9E: "PM", 0x9F: "APC"}
# U+0090... as characters (UTF-8 C2 9x), and the raw bytes outside any UTF-8 sequence
# (surrogate-escaped by the decoder to U+DC90...).
C1_CHARACTER = re.compile("[" + "".join(chr(c) + chr(0xDC00 + c) for c in C1_STRINGS) + "]")

TERMS = [("xterm-256color", 70), ("screen-256color", 10), ("tmux-256color", 10), ("vt100", 10)]


class Failure(Exception):
    def __init__(self, check, detail):
        super().__init__(f"{check}: {detail}")
        self.check = check
        self.detail = detail


def weighted(rng, pairs):
    total = sum(w for _, w in pairs)
    pick = rng.uniform(0, total)
    for value, w in pairs:
        pick -= w
        if pick <= 0:
            return value
    return pairs[-1][0]


def cc_value(value):
    return value[0] if isinstance(value, bytes) else value


def live_special_bytes(attrs):
    """The input bytes the Linux line discipline acts on in these modes instead of passing them
    on: signal characters with ISIG, START/STOP with IXON; the editing characters only in
    canonical mode (Linux reads WERASE, LNEXT and REPRINT only with ICANON, and has no DISCARD)."""
    iflag, _, _, lflag, _, _, cc = attrs
    live = set()
    names = []
    if lflag & termios.ISIG:
        names += [termios.VINTR, termios.VQUIT, termios.VSUSP]
    if iflag & termios.IXON:
        names += [termios.VSTART, termios.VSTOP]
    if lflag & termios.ICANON:
        names += [termios.VERASE, termios.VKILL, termios.VEOF, termios.VEOL]
        if lflag & termios.IEXTEN:
            names += [termios.VWERASE, termios.VLNEXT, termios.VREPRINT, termios.VEOL2]
    for name in names:
        value = cc_value(cc[name])
        if value != 0:  # _POSIX_VDISABLE
            live.add(value)
    return live


def describe_termios(attrs):
    names = ["iflag", "oflag", "cflag", "lflag", "ispeed", "ospeed"]
    parts = [f"{n}={v:#o}" for n, v in zip(names, attrs[:6])]
    parts.append("cc=" + ",".join(str(cc_value(c)) for c in attrs[6]))
    return " ".join(parts)


def diff_termios(before, after):
    names = ["iflag", "oflag", "cflag", "lflag", "ispeed", "ospeed"]
    out = []
    for n, a, b in zip(names, before[:6], after[:6]):
        if a != b:
            out.append(f"{n} {a:#o} -> {b:#o}")
    for i, (a, b) in enumerate(zip(before[6], after[6])):
        if cc_value(a) != cc_value(b):
            out.append(f"cc[{i}] {cc_value(a)} -> {cc_value(b)}")
    return "; ".join(out)


def hexs(data):
    return data.hex(" ")


def show(data, limit=120):
    """Bytes as a short readable string: printable ASCII as is, the rest as \\xNN."""
    text = "".join(chr(b) if 32 <= b < 127 and b != 0x5C else f"\\x{b:02x}" for b in data[:limit])
    return text + ("…" if len(data) > limit else "")


# ----------------------------------------------------------------------------------------------
# Output checks.

def scan_strings(data, base):
    """String-type escape sequences in `data` (which starts and ends on character boundaries):
    [(offset, name)]."""
    found = []
    for m in STRING_INTRODUCER.finditer(data):
        found.append((base + m.start(), "ESC " + chr(data[m.start() + 1]) + " (" + STRING_NAMES[data[m.start() + 1]] + ")"))
    text = data.decode("utf-8", "surrogateescape")
    if C1_CHARACTER.search(text):
        position = 0
        for ch in text:
            code = ord(ch)
            if code in C1_STRINGS:
                found.append((base + position, f"U+{code:04X} ({C1_STRINGS[code]}, UTF-8 encoded)"))
            elif code - 0xDC00 in C1_STRINGS:
                found.append((base + position, f"raw byte {code - 0xDC00:#04x} ({C1_STRINGS[code - 0xDC00]})"))
            position += len(ch.encode("utf-8", "surrogateescape"))
    return found


def unbalanced_modes(output):
    """Private modes left on at the end: {mode: offset of its last enabling}."""
    state = {}
    for m in PRIVATE_MODE.finditer(output):
        for field in m.group(1).split(b";"):
            if not field:
                continue
            mode = int(field)
            if mode in ENABLING:
                state[mode] = (m.group(2).decode() == ENABLING[mode], m.start())
    for m in KEYPAD_MODE.finditer(output):
        state["keypad (ESC =)"] = (m.group(1) == b"=", m.start())
    return {mode: offset for mode, (on, offset) in state.items() if on}


# ----------------------------------------------------------------------------------------------
# The app in a pty.

TERMIOS_PROFILES = ["default", "default", "default", "default", "default", "default", "noecho", "noixon", "erase-bs", "raw-out"]


def apply_profile(fd, profile):
    attrs = termios.tcgetattr(fd)
    iflag, oflag, cflag, lflag, ispeed, ospeed, cc = attrs
    # What a shell leaves for a program it starts, whatever the pty's defaults are here.
    iflag |= termios.ICRNL | termios.IXON | getattr(termios, "IUTF8", 0o40000)
    oflag |= termios.OPOST | termios.ONLCR
    lflag |= termios.ISIG | termios.ICANON | termios.IEXTEN | termios.ECHO | termios.ECHOE | termios.ECHOK | termios.ECHOCTL | termios.ECHOKE
    cc = list(cc)
    cc[termios.VERASE] = b"\x7f"
    if profile == "noecho":
        lflag &= ~termios.ECHO
    elif profile == "noixon":
        iflag &= ~termios.IXON
    elif profile == "erase-bs":
        cc[termios.VERASE] = b"\x08"
        cc[termios.VKILL] = b"\x18"
    elif profile == "raw-out":
        oflag &= ~termios.ONLCR
    termios.tcsetattr(fd, termios.TCSANOW, [iflag, oflag, cflag, lflag, ispeed, ospeed, cc])


class App:
    """One run of the binary, from start to exit."""

    def __init__(self, config, env, timeouts):
        self.config = config
        self.timeouts = timeouts
        self.output = bytearray()
        self.scanned = 0
        self.status = None
        self.pid = None
        self.children = set()
        self.master, self.slave = os.openpty()
        apply_profile(self.slave, config["profile"])
        self.size = (config["rows"], config["cols"])
        self._set_size(*self.size)
        self.before = termios.tcgetattr(self.slave)
        places = {"HOSTILE": config["catalog"], "MEDIA": config.get("media"), "SERVER": config.get("server"),
                  "BULK": config.get("bulk")}
        argv = [config["binary"]] + [places.get(a) or a for a in config["args"]]
        environment = dict(env)
        if config.get("mode") == "remapped":
            environment["XDG_CONFIG_HOME"] = config["remapped_config"]
        if config.get("mode") in ("folder", "served"):
            environment["SPINDLE_MPV_ARGS"] = "--vo=null --ao=null"
            environment["SPINDLE_TOKEN"] = SERVER_TOKEN
            # spindle-full scans the folder into its own library, per run.
            environment["XDG_DATA_HOME"] = os.path.join(config["media"], os.pardir, "data-" + str(config.get("run", 0)))
        if config.get("mode") == "imported":
            # A library of its own per run: each start imports the catalog, and its list is
            # browsed while the other orders' indexes are built after the import.
            environment["XDG_DATA_HOME"] = config["bulk_data"]
        environment["TERM"] = config["term"]
        environment["LINES"] = str(config["rows"])
        environment["COLUMNS"] = str(config["cols"])
        if config.get("no_color"):
            environment["NO_COLOR"] = "1"
        if config.get("no_mouse_env"):
            environment["SPINDLE_NO_MOUSE"] = "1"
        pid = os.fork()
        if pid == 0:
            try:
                os.setsid()
                fcntl.ioctl(self.slave, termios.TIOCSCTTY, 0)
                for target in (0, 1, 2):
                    os.dup2(self.slave, target)
                for sig in (signal.SIGPIPE, signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGWINCH):
                    signal.signal(sig, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_SETMASK, [])
                os.execve(argv[0], argv, environment)
            except BaseException:
                pass
            os._exit(127)
        self.pid = pid
        os.set_blocking(self.master, False)
        self.app_modes = None
        self.live = set(NEVER_SEND)

    # -- plumbing --
    def _set_size(self, rows, cols):
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

    def drain(self):
        """Reads what is there now; True if anything came."""
        got = False
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except BlockingIOError:
                return got
            except OSError as error:
                if error.errno == errno.EIO:
                    return got
                raise
            if not chunk:
                return got
            self.output += chunk
            got = True

    def pump(self, seconds):
        """Reads the output for `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.drain()
                return
            ready, _, _ = select.select([self.master], [], [], min(remaining, 0.05))
            if ready:
                self.drain()

    def settle(self, silence=0.05, longest=1.0):
        """Reads until nothing has come for `silence` seconds (at most `longest`)."""
        deadline = time.monotonic() + longest
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], silence)
            if not ready or not self.drain():
                return

    def exited(self):
        if self.status is None and self.pid is not None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = status
        return self.status is not None

    def modes(self):
        return termios.tcgetattr(self.slave)

    def in_app_mode(self):
        """Whether the app's own terminal modes are set (canonical mode off)."""
        return not (self.modes()[3] & termios.ICANON)

    def unread_input(self):
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0\0\0\0"))[0]

    # -- the steps --
    def wait_ready(self):
        deadline = time.monotonic() + self.timeouts["start"]
        while time.monotonic() < deadline:
            self.pump(0.02)
            if self.exited():
                return False
            if self.output and self.in_app_mode():
                self.settle(0.1, 2.0)
                self.app_modes = self.modes()
                self.live = set(NEVER_SEND) | live_special_bytes(self.app_modes)
                return True
        raise Failure("start", f"no first frame in {self.timeouts['start']} s "
                               f"({len(self.output)} bytes written, canonical mode {'off' if self.in_app_mode() else 'on'})")

    def write(self, data):
        """Writes all of `data`, reading the output all the while. False if the app left its
        modes (it is quitting) or ended before everything was written."""
        view = memoryview(data)
        last_progress = time.monotonic()
        while view:
            if self.exited() or not self.in_app_mode():
                return False
            ready, writable, _ = select.select([self.master], [self.master], [], 0.05)
            if ready:
                self.drain()
            if writable:
                try:
                    n = os.write(self.master, view[:4096])
                    view = view[n:]
                    last_progress = time.monotonic()
                except BlockingIOError:
                    pass
            if time.monotonic() - last_progress > self.timeouts["stall"]:
                raise Failure("responsive", f"the app stopped reading its input: {len(view)} of {len(data)} bytes "
                                            f"could not be written in {self.timeouts['stall']} s "
                                            f"({self.unread_input()} unread in the pty; {process_report(self.pid)})")
        return True

    def resize(self, rows, cols):
        self.size = (rows, cols)
        self._set_size(rows, cols)

    def wait_read(self, seconds):
        """Waits until the app has read everything sent (or `seconds` pass), then a little more:
        an Esc must reach it alone, not read together with the next key (that is Alt+key)."""
        deadline = time.monotonic() + seconds
        while self.unread_input() > 0 and time.monotonic() < deadline and not self.exited():
            self.pump(0.01)
        self.pump(0.04)

    def probe(self, rows, cols):
        """A resize to a new size must bring output within the probe timeout, and every byte sent
        must have been read. Returns False if the app turned out to be quitting or gone."""
        mark = len(self.output)
        self.resize(rows, cols)
        deadline = time.monotonic() + self.timeouts["probe"]
        while len(self.output) == mark and time.monotonic() < deadline:
            if self.exited():
                return False
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if ready:
                self.drain()
        if len(self.output) == mark:
            if self.exited() or not self.in_app_mode():
                return False
            raise Failure("responsive", f"no output {self.timeouts['probe']} s after a resize to {rows}x{cols} "
                                        f"({self.unread_input()} input bytes unread; {process_report(self.pid)})")
        self.settle(0.05, 1.0)
        while self.unread_input() > 0 and time.monotonic() < deadline + 1.0:
            self.pump(0.02)
        if self.unread_input() > 0 and not self.exited():
            raise Failure("responsive", f"{self.unread_input()} input bytes still unread {self.timeouts['probe']} s after the probe "
                                        f"({process_report(self.pid)})")
        self.note_children()
        return not self.exited() and self.in_app_mode()

    def note_children(self):
        """Remembers the app's child processes (mpv, spindle-full's helpers), by pid and start
        time, so that its exit can be checked to end them."""
        if self.pid is None or self.status is not None:
            return
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                stat = process_stat(int(entry))
                if stat is not None and stat[1] == self.pid:
                    self.children.add((int(entry), stat[2]))

    def living_children(self):
        """The remembered children still running (not ended, not zombies), as (pid, start time, command)."""
        living = []
        for pid, start in self.children:
            stat = process_stat(pid)
            if stat is not None and stat[2] == start and stat[0] != "Z":
                living.append((pid, start, stat[3]))
        return living

    def check_children_ended(self, seconds=5.0):
        """Every child the app started ends with it (within `seconds`); one left is ended by its pid
        and is a failure."""
        deadline = time.monotonic() + seconds
        while self.living_children() and time.monotonic() < deadline:
            time.sleep(0.05)
        left = self.living_children()
        if left:
            self.kill_children()
            raise Failure("children", "processes the app started outlived it: "
                                      + ", ".join(f"{command} (pid {pid})" for pid, _, command in left))

    def kill_children(self):
        for pid, _, _ in self.living_children():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def scan(self, final=False):
        """Checks the output written since the last scan for string-type escape sequences."""
        end = len(self.output)
        if not final:
            # Stop at an ASCII byte: a character boundary, so no UTF-8 sequence is cut.
            while end > self.scanned and self.output[end - 1] >= 0x80:
                end -= 1
        start = max(0, self.scanned - 1)
        while start > 0 and self.output[start] >= 0x80:
            start -= 1
        found = scan_strings(bytes(self.output[start:end]), start)
        self.scanned = end
        found = self.without_pictures(found, final)
        if found:
            offset, name = found[0]
            context = bytes(self.output[max(0, offset - 40):offset + 60])
            raise Failure("output", f"the app wrote {name} at output offset {offset} "
                                    f"({len(found)} in all): …{show(context, 200)}…")

    def without_pictures(self, found, final):
        """`found` less the picture sequences this run asked for (`--pictures kitty|sixel`), each
        checked whole; one still arriving is looked at again at the next scan."""
        args = self.config["args"]
        way = args[args.index("--pictures") + 1] if "--pictures" in args[:-1] else None
        pattern = PICTURE_SEQUENCES.get(way)
        if pattern is None:
            return found
        kept = []
        for offset, name in found:
            if not name.startswith("ESC "):
                kept.append((offset, name))
                continue
            match = pattern.match(bytes(self.output[offset:offset + (8 << 20)]))
            if match:
                continue
            if not final and b"\x1b\\" not in self.output[offset + 2:]:
                # Not ended yet: scanned again from its start once more output came.
                self.scanned = min(self.scanned, offset)
                continue
            kept.append((offset, name))
        return kept

    def wait_exit(self, seconds):
        deadline = time.monotonic() + seconds
        while not self.exited() and time.monotonic() < deadline:
            self.pump(0.02)
        return self.exited()

    def check_exit(self, expected):
        """After the app ended: its status, the pty's modes and the mode balance of its output."""
        self.settle(0.05, 1.0)
        status = self.status
        if expected == "sigterm":
            if not (os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM):
                raise Failure("exit", f"after SIGTERM the app ended with {describe_status(status)}, not by SIGTERM")
        else:
            if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
                raise Failure("exit", f"the app ended with {describe_status(status)}")
        after = termios.tcgetattr(self.slave)
        if after != self.before:
            raise Failure("termios", f"the pty's modes differ after the exit: {diff_termios(self.before, after)}")
        self.scan(final=True)
        self.check_children_ended()
        left_on = unbalanced_modes(bytes(self.output))
        if left_on:
            modes = ", ".join(f"{m} (turned on at offset {o})" for m, o in left_on.items())
            raise Failure("modes", f"modes left on at the exit: {modes}")

    def close(self):
        """Ends the process by its pid if it still runs, reaps it, ends the children it started
        (by their pids), closes the pty."""
        self.note_children()
        if self.pid is not None and self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            try:
                _, self.status = os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
        self.kill_children()
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        self.master = self.slave = -1


def process_stat(pid):
    """(state, parent pid, start time, command) of a process, or None if there is none."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    command = text[text.find("(") + 1:text.rfind(")")]
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1]), int(fields[19]), command


def process_report(pid):
    """What each thread of a process is doing: state (R running, S sleeping), CPU seconds, and
    where in the kernel it waits."""
    threads = []
    try:
        for task in sorted(os.listdir(f"/proc/{pid}/task"), key=int):
            try:
                with open(f"/proc/{pid}/task/{task}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{pid}/task/{task}/wchan") as f:
                    wchan = f.read().strip() or "-"
            except OSError:
                continue
            cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            threads.append(f"{fields[0]} {cpu:.2f}s {wchan}")
    except OSError:
        return "gone"
    return "threads: " + ", ".join(threads)


def thread_stacks(pid, samples=3):
    """Where the threads of a process that stopped answering are, a few times over, with gdb if
    there is one (--stacks); Swift names demangled when swift-demangle is at hand."""
    import subprocess
    gdb = shutil.which("gdb")
    if not gdb:
        return "(no gdb for the stacks)"
    out = []
    for sample in range(samples):
        try:
            done = subprocess.run([gdb, "-p", str(pid), "-batch", "-nx", "-ex", "thread apply all bt 40"],
                                  capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            return "(gdb took too long)"
        lines = [line for line in done.stdout.splitlines() if line.startswith(("#", "Thread"))]
        demangle = shutil.which("swift-demangle")
        if demangle:
            lines = subprocess.run([demangle, "--simplified"], input="\n".join(lines), capture_output=True,
                                   text=True).stdout.splitlines()
        out.append(f"-- stacks, sample {sample + 1}:")
        out += [re.sub(r" \(.*?\) at /", " at /", line)[:220] for line in lines]
        time.sleep(0.3)
    return "\n".join(out)


def describe_status(status):
    if status is None:
        return "no status"
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        return f"signal {sig} ({signal.Signals(sig).name})"
    return f"exit status {os.WEXITSTATUS(status)}"


# ----------------------------------------------------------------------------------------------
# The hostile catalog.

HOSTILE_TEXTS = [
    "\x1b]0;PWNED title\x07", "\x1b]52;c;SGVsbG8gY2xpcGJvYXJk\x07", "\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\",
    "\x1bP+q544e\x1b\\", "\x1bPq#0;2;0;0;0#1!10~\x1b\\", "\x1b_Gf=24,a=T;AAAA\x1b\\", "\x1b^privacy message\x1b\\",
    "\x1bXstart of string\x1b\\", "\x1b[2J\x1b[H", "\x1b[31;1mred\x1b[0m", "\x1b[?1049l\x1b[?25h", "\x1b[6n", "\x1bc",
    "\x1b[?1000h\x1b[?1006h", "\x1b[?2004h", "\x9b31m C1 CSI", "\x9d0;C1 OSC title\x9c", "\x90C1 DCS\x9c",
    "\x9fC1 APC\x9c", "\x9eC1 PM\x9c", "\x98C1 SOS\x9c", "\x85NEL\x84IND\x8dRI", "bell\x07\x07\x07", "back\x08\x08\x08spaced",
    "carriage\rreturn", "new\nline", "tab\there", "del\x7fete", "form\x0cfeed", "vertical\x0btab", "shift\x0eout\x0fin",
    "\u202eevil override\u202c", "\u2066isolate\u2069", "\u200f\u200erl marks", "zero\u200dwidth\u200cjoin\u200bspace",
    "\ufeffbom", "line\u2028sep\u2029para", "👨\u200d👩\u200d👧\u200d👦 family", "🏳️\u200d🌈 flag", "e\u0301\u0302\u0303\u0304\u0305 combining",
    "Z̷̢̛̖͎̲̼͓̣̋̃̌͑̏̂a̸͙̦̓l̵̹̄g̴̣̈́o̶̥͗", "東京物語の長い題名", "ｆｕｌｌｗｉｄｔｈ", "한국어 제목", "عنوان عربي", "עברית",
    "\x00nul inside", "\x1b", "\x1b[", "\x1b]", "\x9b", "\U0010fffd private", "\ufffd replacement",
]
GENRES = ["Drama", "Comedy", "Crime", "Fantasy", "Horror", ""]


def bulk_catalog(path, rng):
    """The hostile catalog's lines, then plain ones up to 9 MiB: big enough to be imported in
    bulk, its other orders' indexes built after its commit (docs/library-database.md)."""
    hostile_catalog(path, rng)
    with open(path, "a") as f:
        size, number = os.path.getsize(path), 0
        while size < 9 << 20:
            duration = rng.choice([60, 600, 5400, 9000])
            line = json.dumps({"id": f"bk{number:06d}", "title": f"Plain {rng.choice(['Alpha', 'Bravo', 'Echo'])} {number}",
                               "year": rng.randint(1900, 2030), "genre": rng.choice(GENRES + ["drama", "DRAMA", "comedy"]),
                               "duration": duration, "intro_start": 0, "intro_end": 0, "credits_start": duration}) + "\n"
            f.write(line)
            size += len(line)
            number += 1


def hostile_catalog(path, rng):
    lines = []
    for i in range(400):
        parts = [rng.choice(HOSTILE_TEXTS) for _ in range(rng.randint(1, 3))]
        if i % 7 == 0:
            parts.append("".join(rng.choice(HOSTILE_TEXTS + ["x" * 20, "字" * 10]) for _ in range(30)))
        if i % 11 == 0:
            parts.append("W" * 300)
        if i % 5 == 1:
            parts = ["Plain title", str(i)]
        title = " ".join(parts)
        if not title.strip(" "):
            title = "t" + title
        genre = rng.choice(GENRES + HOSTILE_TEXTS[:20])
        duration = rng.choice([1, 59, 600, 5400, 9000, 20000])
        intro_start = rng.randint(0, duration // 3)
        intro_end = rng.randint(intro_start, min(duration, intro_start + 120))
        credits_start = rng.randint(intro_end, duration)
        lines.append(json.dumps({"id": f"fz{i:05d}", "title": title, "year": rng.randint(1870, 2100), "genre": genre,
                                 "duration": duration, "intro_start": intro_start, "intro_end": intro_end,
                                 "credits_start": credits_start}, ensure_ascii=True))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# ----------------------------------------------------------------------------------------------
# What is thrown at the app. Each generator returns (kind, bytes, number of keys).

NAV_KEYS = [
    b"\x1b[A", b"\x1b[B", b"\x1b[C", b"\x1b[D", b"\x1bOA", b"\x1bOB", b"\x1bOC", b"\x1bOD",
    b"\x1b[H", b"\x1b[F", b"\x1bOH", b"\x1bOF", b"\x1b[1~", b"\x1b[4~", b"\x1b[7~", b"\x1b[8~",
    b"\x1b[5~", b"\x1b[6~", b"\x1b[2~", b"\x1b[3~",
    b"\x1bOP", b"\x1bOQ", b"\x1bOR", b"\x1bOS", b"\x1b[11~", b"\x1b[12~", b"\x1b[13~", b"\x1b[14~",
    b"\x1b[15~", b"\x1b[17~", b"\x1b[18~", b"\x1b[19~", b"\x1b[20~", b"\x1b[21~", b"\x1b[23~", b"\x1b[24~",
    b"\x1b[1;2A", b"\x1b[1;2B", b"\x1b[1;2C", b"\x1b[1;2D", b"\x1b[a", b"\x1b[b", b"\x1b[c", b"\x1b[d",
    b"\x1bO2A", b"\x1bO2D", b"\x1b[1;3C", b"\x1b[1;5D", b"\x1b[1;6A", b"\x1b[1;8B", b"\x1b[5;5~", b"\x1b[6;2~",
    b"\x1b[1;2P", b"\x1b[15;2~", b"\x1b[Z", b"\x1b[E", b"\x1bOE", b"\x1bOM", b"\x1b[3;5~", b"\x1b[200~", b"\x1b[201~",
]
INVALID_UTF8 = [
    b"\xff", b"\xfe", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\x80", b"\xbf", b"\xc0\xaf", b"\xc1\xbf",
    b"\xe0\x80\xaf", b"\xf0\x80\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf", b"\xed\xa0\xbd\xed\xb8\x80",
    b"\xf4\x90\x80\x80", b"\xf8\x88\x80\x80\x80", b"\xfc\x84\x80\x80\x80\x80", b"\xc3\x28", b"\xe2\x28\xa1",
    b"\x9b", b"\x9d", b"\xc2\x9b", b"\xc2\x9d", b"\xc2\x90", b"\xc2\x9f", b"\xc3\x1b[A", b"\xe2\x82\x1b",
]
SCRIPTS = [(0x4E00, 0x9FFF), (0x3040, 0x30FF), (0xAC00, 0xD7A3), (0x1F300, 0x1F64F), (0x1F900, 0x1FAFF),
           (0x00C0, 0x024F), (0x0400, 0x04FF), (0x0590, 0x06FF), (0xFF01, 0xFF5E), (0x2500, 0x259F)]
COMBINING = (0x0300, 0x036F)
SPECIAL_CHARS = ["\u200d", "\u200b", "\u202e", "\u2066", "\ufeff", "\u2028", "\u00ad", "\ufe0f", "👩\u200d💻",
                 "🇫🇷", "e\u0301", "\U0010ffff", "\ufffd", "\u0085", "\u009b"]
# Keys that mean something per screen, to walk it (not only to bash at it).
SCREEN_KEYS = {
    "list": [b"j", b"k", b"g", b"G", b" ", b"\x02", b"\x06", b"\x1b[B", b"\x1b[A", b"\x1b[6~", b"\x1b[5~", b"r", b"\x1bOF", b"\x1bOH",
             b"v", b"h", b"l", b"\x1b[C", b"\x1b[D", b"1", b"3", b"i"],
    "search": [b"a", b"e", b"the", b"amelie", b"\x7f", b"\x08", b"\x17", b"\x15", b"\x0b", b"\x01", b"\x05", b"\x1bb", b"\x1bf",
               b"\x1bd", b"\x1b\x7f", b"\x1b[D", b"\x1b[C", b"\x1b[3~", b"\x04", "東京".encode(), "é".encode(), b"[", b"1"],
    "player": [b" ", b"\x1b[C", b"\x1b[D", b"[", b"]", b"\x1b[1;2C", b"\x1b[1;2D", b"s", b"x", b"\t", b"\r", b"z"],
    "help": [b"j", b"k", b"\x1b[B", b"\x1b[A", b"?"],
    "details": [b"j", b"\x1b[B", b"?", b"\x7f"],
    "keyecho": [b"a", b"\x1b[A", b"\x1bOP", b"\x1b[<0;5;5M"],
}


PASTE_SAFE_KEYS = [key for key in NAV_KEYS if key not in (b"\x1b[200~", b"\x1b[201~")]


class Generator:
    def __init__(self, rng, max_raw=500):
        self.rng = rng
        self.max_raw = max_raw

    def printable(self, allow_q):
        rng = self.rng
        out = bytearray()
        n = rng.choice([1, 1, 1, 2, 5, 12])
        for _ in range(n):
            c = rng.randint(0x20, 0x7E)
            if c == ord("q") and not allow_q:
                c = ord("p")
            out.append(c)
        return "printable", bytes(out), n

    def char(self):
        rng = self.rng
        kind = rng.random()
        if kind < 0.6:
            lo, hi = rng.choice(SCRIPTS)
            return chr(rng.randint(lo, hi))
        if kind < 0.8:
            base = chr(rng.randint(0x61, 0x7A))
            return base + "".join(chr(rng.randint(*COMBINING)) for _ in range(rng.randint(1, 6)))
        return rng.choice(SPECIAL_CHARS)

    def unicode(self):
        n = self.rng.choice([1, 1, 2, 4, 10])
        return "unicode", "".join(self.char() for _ in range(n)).encode("utf-8", "surrogatepass"), n

    def nav(self):
        n = self.rng.choice([1, 1, 1, 3, 8])
        return "nav", b"".join(self.rng.choice(NAV_KEYS) for _ in range(n)), n

    def alt(self):
        rng = self.rng
        what = rng.random()
        if what < 0.5:
            key = bytes([rng.randint(0x20, 0x7E)])
        elif what < 0.7:
            key = bytes([rng.choice([0x01, 0x02, 0x05, 0x06, 0x08, 0x09, 0x0D, 0x17, 0x7F])])
        elif what < 0.85:
            key = self.char().encode("utf-8", "surrogatepass")
        else:
            key = rng.choice(NAV_KEYS)
        return "alt", b"\x1b" + key, 1

    def control(self):
        rng = self.rng
        n = rng.choice([1, 1, 3])
        return "control", bytes(rng.choice(list(range(0, 0x20)) + [0x7F]) for _ in range(n)), n

    def invalid(self):
        rng = self.rng
        parts = [rng.choice(INVALID_UTF8) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.5:
            parts.append(b"a")  # a key right after, which must not be lost
        return "invalid", b"".join(parts), len(parts)

    def burst(self, screen):
        rng = self.rng
        out = bytearray()
        keys = 0
        target = rng.choice([100, 300, 600, 1500])
        while len(out) < target:
            kind, data, n = self.one(screen, in_burst=True)
            out += data
            keys += n
        return "burst", bytes(out), keys

    def paste_body(self):
        rng = self.rng
        size = rng.choice([1, 10, 80, 500, 4000, 20000, 70000])
        out = bytearray()
        while len(out) < size:
            pick = rng.random()
            if pick < 0.5:
                # no q here (one may be put in below): a write is cut after each q, to see
                # whether the app quit, and a paste of 70 KB would be cut a hundred times
                out += bytes(c if c != 0x71 else 0x51 for c in (rng.randint(0x20, 0x7E) for _ in range(rng.randint(1, 40))))
            elif pick < 0.65:
                out += rng.choice([b"\n", b"\r\n", b"\r", b"\t"])
            elif pick < 0.75:
                out += self.char().encode("utf-8", "surrogatepass")
            elif pick < 0.85:
                # no paste markers: what follows an end inside a paste arrives as raw keys (the
                # "injection" shape does that, within --max-raw)
                out += rng.choice(PASTE_SAFE_KEYS + [b"\x1b", b"\x1b]0;x\x07", b"\x1b[<0;3;3M"])
            elif pick < 0.95:
                out += rng.choice(INVALID_UTF8)
            else:
                out += bytes([rng.randint(0, 0x1F)])
        out = out[:size]
        if out and rng.random() < 0.2:
            out[rng.randrange(len(out))] = 0x71
        return bytes(out)

    def paste(self):
        rng = self.rng
        shape = weighted(rng, [("plain", 6), ("unterminated", 1), ("nested", 1), ("end-only", 1), ("empty", 1),
                               ("split", 1), ("injection", 1)])
        body = self.paste_body()
        if shape in ("end-only", "injection"):
            # The text of these arrives as keys, one by one (as a paste does in a terminal without
            # bracketed paste): at most --max-raw bytes of it.
            body = body[:self.max_raw]
        if shape == "plain":
            data = b"\x1b[200~" + body + b"\x1b[201~"
        elif shape == "unterminated":
            data = b"\x1b[200~" + body
        elif shape == "nested":
            data = b"\x1b[200~" + body[: len(body) // 2] + b"\x1b[200~" + body[len(body) // 2:] + b"\x1b[201~" + b"x\x1b[201~"
        elif shape == "end-only":
            data = body + b"\x1b[201~"
        elif shape == "empty":
            data = b"\x1b[200~\x1b[201~"
        elif shape == "injection":
            cut = rng.randint(0, len(body))
            data = b"\x1b[200~" + body[:cut] + b"\x1b[201~" + body[cut:] + b"\x1b[201~"
        else:  # the end marker cut in two writes is made by the burst of two pastes; here cut inside
            data = b"\x1b[200~" + body + b"\x1b[20"
        return "paste-" + shape, data, 1

    def mouse(self):
        rng = self.rng
        rows, cols = self.size

        def coord(limit):
            return weighted(rng, [(rng.randint(1, max(1, limit)), 8), (0, 1), (limit + rng.randint(1, 50), 1),
                                  (rng.choice([9999, 65535, 65536, 2 ** 31, 2 ** 32 + 1, 10 ** 30]), 1)])

        def report(b, x, y, final):
            return f"\x1b[<{b};{x};{y}{final}".encode()

        shape = weighted(rng, [("wheel", 4), ("click", 4), ("double", 2), ("drag", 2), ("modified", 2),
                               ("malformed", 3), ("x10", 1), ("urxvt", 1)])
        x, y = coord(cols), coord(rows)
        if shape == "wheel":
            b = rng.choice([64, 65, 66, 67])
            n = rng.choice([1, 3, 20])
            return "mouse-wheel", report(b, x, y, "M") * n, n
        if shape == "click":
            b = rng.choice([0, 1, 2])
            return "mouse-click", report(b, x, y, "M") + report(b, x, y, "m"), 2
        if shape == "double":
            b = rng.choice([0, 1, 2])
            click = report(b, x, y, "M") + report(b, x, y, "m")
            return "mouse-double", click * 2, 4
        if shape == "drag":
            b = rng.choice([0, 1, 2])
            out = report(b, x, y, "M")
            steps = rng.randint(1, 40)
            for _ in range(steps):
                x = max(1, x + rng.randint(-2, 2))
                y = max(1, y + rng.randint(-1, 1))
                out += report(32 + b, x, y, "M")
            out += report(b, x, y, "m")
            return "mouse-drag", out, steps + 2
        if shape == "modified":
            b = rng.choice([0, 1, 2, 32, 64, 65]) + rng.choice([4, 8, 16, 4 + 8, 4 + 16, 8 + 16, 28])
            return "mouse-modified", report(b, x, y, rng.choice("Mm")), 1
        if shape == "malformed":
            forms = [
                f"\x1b[<{x};{y}M", f"\x1b[<0;{x}M", f"\x1b[<M", f"\x1b[<0;{x};{y}", f"\x1b[<0;{x};", f"\x1b[<",
                f"\x1b[<0;{x};{y};7M", f"\x1b[<-1;-5;-5M", f"\x1b[<a;b;cM", f"\x1b[<0;{x};{y}X", f"\x1b[<;;M",
                f"\x1b[<{10 ** 40};1;1M", f"\x1b[<0:1;2;3M", f"\x1b[<0;{x};{y}M"[:rng.randint(2, 8)],
                f"\x1b[<255;{x};{y}M", f"\x1b[<128;{x};{y}m", f"\x1b[<0;{x};{y}M" * 2 + "\x1b[<0;1",
            ]
            return "mouse-malformed", rng.choice(forms).encode(), 1
        if shape == "x10":
            def enc(v):
                return bytes([min(255, 32 + v)])
            return "mouse-x10", b"\x1b[M" + enc(rng.choice([0, 1, 2, 3, 64, 65])) + enc(x) + enc(y), 1
        return "mouse-urxvt", f"\x1b[{32 + rng.choice([0, 1, 2, 3, 64])};{x};{y}M".encode(), 1

    def screen_key(self, screen):
        return "walk-" + screen, self.rng.choice(SCREEN_KEYS.get(screen, SCREEN_KEYS["list"])), 1

    def one(self, screen, in_burst=False):
        rng = self.rng
        kinds = [("printable", 10), ("unicode", 6), ("nav", 8), ("alt", 4), ("control", 3), ("invalid", 4),
                 ("mouse", 6), ("walk", 10)]
        if not in_burst:
            kinds += [("paste", 3), ("burst", 2)]
        else:
            kinds += [("paste-small", 1)]
        kind = weighted(rng, kinds)
        if kind == "printable":
            return self.printable(allow_q=not in_burst and rng.random() < 0.04)
        if kind == "unicode":
            return self.unicode()
        if kind == "nav":
            return self.nav()
        if kind == "alt":
            return self.alt()
        if kind == "control":
            return self.control()
        if kind == "invalid":
            return self.invalid()
        if kind == "mouse":
            return self.mouse()
        if kind == "walk":
            return self.screen_key(screen)
        if kind == "paste":
            return self.paste()
        if kind == "paste-small":
            return "paste-small", b"\x1b[200~" + bytes(rng.randint(0x20, 0x7E) for _ in range(10)) + b"\n\x1b[201~", 1
        return self.burst(screen)


def random_size(rng):
    return weighted(rng, [
        ((rng.randint(6, 60), rng.randint(24, 200)), 10),
        ((rng.randint(1, 6), rng.randint(1, 30)), 3),
        ((1, 1), 1), ((80, 250), 1), ((rng.randint(1, 80), rng.randint(1, 250)), 3),
        ((rng.randint(1, 3), rng.randint(100, 250)), 1), ((rng.randint(40, 80), rng.randint(1, 5)), 1),
    ])


# ----------------------------------------------------------------------------------------------
# The token of the session's `spindle serve`, which its clients send (SPINDLE_TOKEN).
SERVER_TOKEN = "fuzz-token-0123456789abcdef"


def strip_options(args, names):
    """`args` without the options in `names` and their values."""
    kept, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in names:
            skip = True
        else:
            kept.append(arg)
    return kept


def media_folder(path):
    """A small media library made with ffmpeg: two shows of two seasons (in both usual layouts),
    films, and a file that is not media. False (and nothing made) without ffmpeg."""
    if shutil.which("ffmpeg") is None:
        return False
    names = ["Night Harbor/Season 1/Night Harbor S01E01 Arrival.mkv", "Night Harbor/Season 1/Night Harbor S01E02.mkv",
             "Night Harbor/Season 2/Night Harbor S02E01.mkv", "Glass Valley.S01E01.mkv", "Glass Valley.S01E02.mkv",
             "Films/Quiet Orbit (1999).mkv", "Films/Ümlaut \u202e Film (2004).mp4"]
    for name in names:
        target = os.path.join(path, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        result = subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=3",
                                 "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-shortest", "-c:v", "mpeg4",
                                 "-c:a", "aac", target], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, timeout=60)
        if result.returncode != 0:
            return False
    with open(os.path.join(path, "Films", "broken.mkv"), "wb") as f:
        f.write(b"\x1a\x45\xdf\xa3" + b"\x00" * 64)
    return True


def remapped_config(path):
    """An XDG config folder whose spindle/config.toml moves the list's and the player's keys."""
    os.makedirs(os.path.join(path, "spindle"), exist_ok=True)
    with open(os.path.join(path, "spindle", "config.toml"), "w") as f:
        f.write('[keys.list]\ndown = ["n", "down"]\nup = ["p", "up"]\npage-down = ["ctrl+d", "space"]\n'
                'last = ["e", "end"]\n[keys.player]\nseek-forward = ["l", "right"]\nmute = []\n'
                '[theme]\nselected = { attributes = ["reverse", "bold"] }\n')


# A session: apps one after another, every step logged so that it can be replayed.

SCREENS = [("list", 3), ("search", 3), ("player", 2.5), ("help", 1.5), ("details", 1.5)]
ENTER_SCREEN = {"search": b"/", "help": b"?", "player": b"\r", "details": b"i"}


class Session:
    def __init__(self, args, seed, rng, workdir, log_file):
        self.args = args
        self.seed = seed
        self.rng = rng
        self.workdir = workdir
        self.log_file = log_file
        self.gen = Generator(rng, args.max_raw)
        self.app = None
        self.actions = []  # of the current app
        self.all_actions = 0
        self.keys = 0
        self.bytes = 0
        self.starts = 0
        self.restarts = 0
        self.quits = 0
        self.sigterms = 0
        self.probes = 0
        self.children_checked = 0
        self.screen = "list"
        self.visits = {}
        self.q_since_probe = False
        self.paste_open = False
        self.timeouts = {"start": args.start_timeout, "probe": args.probe_timeout, "stall": args.probe_timeout * 2}
        self.env = self.environment()
        self.catalog = os.path.join(workdir, "hostile.jsonl")
        hostile_catalog(self.catalog, random.Random(seed))
        # A library (a catalog file, a folder, a server) needs spindle-full beside the binary:
        # without it the runs are on the embedded catalog only.
        self.has_full = os.access(os.path.join(os.path.dirname(args.binary), "spindle-full"), os.X_OK)
        self.media = os.path.join(workdir, "media")
        self.has_library = self.has_full and media_folder(self.media)
        self.bulk = os.path.join(workdir, "bulk.jsonl")
        if self.has_full:
            bulk_catalog(self.bulk, random.Random(seed))
        self.remapped_config = os.path.join(workdir, "remapped")
        remapped_config(self.remapped_config)
        self.server = None

    def ensure_server(self):
        """`spindle serve` on the media folder at a free port on 127.0.0.1, with its own XDG
        folders, started on the first served run of the session; its address."""
        if self.server is None:
            home = os.path.join(self.workdir, "server-home")
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "HOME": home,
                   "XDG_STATE_HOME": os.path.join(home, "state"), "XDG_DATA_HOME": os.path.join(home, "data"),
                   "XDG_CONFIG_HOME": os.path.join(home, "config"), "SPINDLE_TOKEN": SERVER_TOKEN}
            for key in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
                os.makedirs(env[key], exist_ok=True)
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            self.server_log = open(os.path.join(self.workdir, "server.log"), "wb")
            self.server = subprocess.Popen([self.args.binary, "serve", self.media, "--listen", f"127.0.0.1:{port}"],
                                           env=env, stdin=subprocess.DEVNULL, stdout=self.server_log, stderr=subprocess.STDOUT,
                                           start_new_session=True)
            self.server_address = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if self.server.poll() is not None:
                    raise Failure("server", f"spindle serve ended at start ({describe_status(self.server.returncode << 8)})")
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            else:
                raise Failure("server", "spindle serve did not listen within 60 s")
        return self.server_address

    def stop_server(self):
        """Ends `spindle serve` by its pid (SIGTERM, then SIGKILL), and reaps it."""
        if self.server is None:
            return
        if self.server.poll() is None:
            self.server.send_signal(signal.SIGTERM)
            try:
                self.server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        self.server_log.close()
        self.server = None

    def environment(self):
        home = os.path.join(self.workdir, "home")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "HOME": home,
               "XDG_STATE_HOME": os.path.join(home, "state"), "XDG_DATA_HOME": os.path.join(home, "data"),
               "XDG_CONFIG_HOME": os.path.join(home, "config")}
        for key in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
            os.makedirs(env[key], exist_ok=True)
        return env

    # -- the log --
    def log(self, record):
        self.actions.append(record)
        if self.log_file:
            self.log_file.write(json.dumps(record) + "\n")

    def random_config(self):
        rng = self.rng
        rows, cols = weighted(rng, [((24, 80), 3), ((rng.randint(8, 60), rng.randint(30, 220)), 6), ((rng.randint(1, 7), rng.randint(1, 30)), 1)])
        args = []
        modes = ([("embedded", 6), ("remapped", 1)] + ([("folder", 2), ("served", 1)] if self.has_library else [])
                 + ([("imported", 1)] if self.has_full else []))
        mode = weighted(rng, modes) if self.args.mode == "any" else self.args.mode
        if mode == "folder":
            args += ["MEDIA"]  # the generated media folder, named in full at start
        elif mode == "served":
            args += ["SERVER"]  # the address of `spindle serve` on that folder, started once per session
        elif mode == "imported":
            args += ["--catalog", "BULK"]  # the generated big file, named in full at start
        elif self.has_full and rng.random() < self.args.hostile_share:
            args += ["--catalog", "HOSTILE"]  # the generated file, named in full at start
        args += ["--latency", str(rng.choice([0, 5, 150, 150, 400]))]
        if rng.random() < 0.3:
            args += ["--page-size", str(rng.choice([1, 3, 7, 200]))]
        if rng.random() < 0.3:
            # A small window: pages let go of and read again all the time.
            args += ["--max-loaded", str(rng.choice([10, 40, 150]))]
        if rng.random() < 0.15:
            args += ["--fail-rate", str(rng.choice([0.3, 1.0]))]
        if rng.random() < 0.3:
            args += ["--speed", str(rng.choice([10, 100, 1000]))]
        if rng.random() < 0.1:
            args += ["--no-mouse"]
        if rng.random() < 0.08:
            args += ["--key-echo"]
        if mode in ("folder", "served"):
            args = strip_options(args, ("--latency", "--fail-rate", "--speed"))
            # Posters in the grid and the details, through each way of drawing them.
            args = ["--pictures", weighted(rng, [("blocks", 4), ("kitty", 1), ("sixel", 1), ("truecolor", 1), ("off", 1)])] + args
        return {"binary": self.args.binary, "mode": mode, "args": args, "term": weighted(rng, TERMS), "rows": rows, "cols": cols,
                "profile": rng.choice(TERMIOS_PROFILES), "no_color": rng.random() < 0.1, "no_mouse_env": rng.random() < 0.05}

    def start(self, config):
        self.actions = []
        self.log({"k": "start", **config})
        server = self.ensure_server() if config.get("mode") == "served" else None
        bulk_data = os.path.join(self.workdir, "bulk-data")
        if config.get("mode") == "imported":
            shutil.rmtree(bulk_data, ignore_errors=True)
        self.app = App({**config, "catalog": self.catalog, "media": self.media, "remapped_config": self.remapped_config,
                        "run": self.starts, "server": server, "bulk": self.bulk, "bulk_data": bulk_data}, self.env, self.timeouts)
        self.starts += 1
        self.screen = "keyecho" if "--key-echo" in config["args"] else "list"
        self.q_since_probe = False
        self.paste_open = False
        self.last_q = None
        self.last_q_time = None
        self.written_in_run = 0
        if not self.app.wait_ready():
            self.app.settle(0.05, 0.5)
            raise Failure("start", f"the app ended at start with {describe_status(self.app.status)}: "
                                   f"{show(bytes(self.app.output), 300)}")

    # -- actions --
    def send(self, kind, data, keys=1, pause=0.0):
        """Sends bytes (less the ones never sent) and reads for `pause` seconds. False if the app
        is gone or quitting.

        A write is cut after each q: a q may quit the app, and what follows it must not reach
        the pty once the app has given its modes back (the line discipline would echo it into
        the output, where it would read as the app's)."""
        data = bytes(b for b in data if b not in self.app.live)
        self.log({"k": "write", "kind": kind, "hex": data.hex(), "pause": round(pause, 4)})
        self.all_actions += 1
        if not data:
            return True
        pieces = [piece + b"q" for piece in data.split(b"q")]
        pieces[-1] = pieces[-1][:-1]
        for piece in pieces:
            if not piece:
                continue
            if not self.app.write(piece):
                return False
            self.bytes += len(piece)
            self.written_in_run += len(piece)
            if piece.endswith(b"q"):
                self.last_q = (len(self.actions), self.written_in_run)
                self.last_q_time = time.monotonic()
                # It may have quit: give it the time to (it has read the q, and a little more),
                # before anything else is written.
                self.q_since_probe = True
                self.app.wait_read(self.args.probe_timeout)
                if self.app.exited() or not self.app.in_app_mode():
                    return False
        self.keys += keys
        if pause:
            self.app.pump(pause)
        return not self.app.exited()

    def resize(self, rows, cols):
        self.log({"k": "resize", "rows": rows, "cols": cols})
        self.all_actions += 1
        self.app.resize(rows, cols)
        self.app.pump(0.005)
        return not self.app.exited()

    def sleep(self, seconds):
        self.log({"k": "sleep", "s": round(seconds, 3)})
        self.app.pump(seconds)
        return not self.app.exited()

    def probe_size(self):
        rng = self.rng
        rows, cols = self.app.size
        while True:
            new = (rng.randint(8, 60), rng.randint(30, 200))
            if new[0] != rows:
                return new

    def probe(self, rows, cols):
        self.log({"k": "probe", "rows": rows, "cols": cols})
        self.probes += 1
        alive = self.app.probe(rows, cols)
        self.app.scan()
        if alive:
            self.q_since_probe = False
        return alive

    def to_list(self):
        """A paste end, then Esc, Esc, Esc, each on its own (two together would read as Alt+Esc):
        from any screen back to the list, search cleared. The paste end first, because a paste
        start with no end (a bare ESC [200~ among navigation keys too) takes every key that
        follows as pasted text until input pauses for half a second."""
        if not self.send("close-paste", b"\x1b[201~", 1, 0.03):
            return False
        self.paste_open = False
        for _ in range(3):
            self.app.wait_read(self.args.probe_timeout)
            if not self.send("to-list", b"\x1b", 1, 0.06):
                return False
        self.app.wait_read(self.args.probe_timeout)
        self.screen = "list" if self.screen != "keyecho" else "keyecho"
        return True

    def ended(self, expected):
        """The app has ended (or is ending): check it, then a new one starts."""
        if not self.app.wait_exit(5.0):
            raise Failure("exit", "the app left its terminal modes but did not exit within 5 s")
        status = self.app.status
        if os.WIFSIGNALED(status) and not (expected == "sigterm" and os.WTERMSIG(status) == signal.SIGTERM):
            self.app.settle(0.05, 0.5)
            tail = bytes(self.app.output[-2000:])
            said = re.findall(rb"[^\n\x1b]*(?:Fatal error|error:|panic|Assertion)[^\n\x1b]*", tail)
            raise Failure("crash", f"the app died of {describe_status(status)}"
                                   + (f": {said[-1].decode('utf-8', 'replace').strip()}" if said else ""))
        recent_q = self.last_q_time is not None and time.monotonic() - self.last_q_time < 10
        if expected == "quit" and not self.q_since_probe and not recent_q:
            self.app.settle(0.05, 0.5)
            raise Failure("exit", f"the app ended ({describe_status(self.app.status)}) without a quit key sent "
                                  f"since it last answered (the last q: action, byte {self.last_q}; "
                                  f"{self.written_in_run} bytes written to this app run)")
        self.log({"k": "exited", "status": describe_status(self.app.status)})
        self.app.check_exit(expected)
        if expected == "quit":
            self.quits += 1
        self.children_checked += len(self.app.children)
        self.app.close()
        self.app = None

    def quit_for_good(self):
        """Esc Esc Esc q: the app must exit 0."""
        if not self.to_list() or not self.send("quit", b"q", 1):
            return self.ended("quit")
        if not self.app.wait_exit(self.args.probe_timeout + 3):
            raise Failure("quit", f"Esc Esc Esc q did not end the app ({self.app.unread_input()} input bytes unread; "
                                  f"{process_report(self.app.pid)})")
        self.ended("quit")

    def terminate(self):
        self.log({"k": "sigterm"})
        self.sigterms += 1
        os.kill(self.app.pid, signal.SIGTERM)
        if not self.app.wait_exit(5.0):
            raise Failure("exit", "SIGTERM did not end the app within 5 s")
        self.ended("sigterm")

    # -- the fuzzing loop --
    def round(self):
        """Steer into a screen, throw things at it, probe."""
        rng = self.rng
        gen = self.gen
        gen.size = self.app.size
        if self.screen != "keyecho":
            target = weighted(rng, SCREENS)
            if not self.to_list():
                return False
            if target in ENTER_SCREEN and not self.send("enter-" + target, ENTER_SCREEN[target], 1, 0.03):
                return False
            self.screen = target
        self.visits[self.screen] = self.visits.get(self.screen, 0) + 1
        for _ in range(rng.randint(10, 40)):
            gen.size = self.app.size
            pick = rng.random()
            if pick < 0.07:
                rows, cols = random_size(rng)
                if not self.resize(rows, cols):
                    return False
                continue
            if pick < 0.09:
                if not self.sleep(rng.choice([0.05, 0.2, 0.6, 1.2])):
                    return False
                continue
            if pick < 0.11:
                if not self.send("lone-esc", b"\x1b", 1, 0.06):
                    return False
                continue
            if pick < 0.16 and self.screen != "keyecho":
                # a step of the walk: into another screen from wherever we are
                key = rng.choice([b"/", b"?", b"\r", b"i", b"\x1b", b"\x7f"])
                if not self.send("step", key, 1, 0.03):
                    return False
                continue
            kind, data, keys = gen.one(self.screen)
            if kind == "paste-unterminated" or kind == "paste-split":
                self.paste_open = True
            pause = rng.choice([0.0, 0.0, 0.002, 0.005, 0.01, 0.02]) + keys / self.args.max_rate
            if data.endswith(b"\x1b"):
                pause = max(pause, 0.06)
            if not self.send(kind, data, keys, pause):
                return False
        if self.paste_open:
            if not self.send("close-paste", b"\x1b[201~", 1, 0.03):
                return False
            self.paste_open = False
        return self.probe(*self.probe_size())

    def run(self, seconds):
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            if self.app is None:
                self.start(self.random_config())
            alive = self.round()
            if not alive:
                # it quit (or is quitting) on a q it was sent
                self.ended("quit")
                self.restarts += 1
                continue
            ending = self.rng.random()
            if ending < 0.03:
                self.quit_for_good()
                self.restarts += 1
            elif ending < 0.04:
                self.terminate()
                self.restarts += 1
        if self.app is not None:
            self.quit_for_good()

    # -- replay --
    def replay(self, records):
        for record in records:
            kind = record["k"]
            if kind == "start":
                if self.app is not None:
                    self.finish_replayed_app()
                config = {key: value for key, value in record.items() if key != "k"}
                if self.args.binary_given:
                    config["binary"] = self.args.binary
                self.start(config)
                continue
            if self.app is None:
                continue
            alive = True
            if kind == "write":
                alive = self.send(record.get("kind", "write"), bytes.fromhex(record["hex"]), 1, record.get("pause", 0))
            elif kind == "resize":
                alive = self.resize(record["rows"], record["cols"])
            elif kind == "sleep":
                alive = self.sleep(record["s"])
            elif kind == "probe":
                alive = self.probe(record["rows"], record["cols"])
            elif kind == "sigterm":
                self.terminate()
                continue
            elif kind == "stacks":
                # a hand-written record: where the app's threads are at this point
                print(thread_stacks(self.app.pid, record.get("samples", 1)), flush=True)
            if not alive:
                self.ended("quit")
        if self.app is not None:
            self.finish_replayed_app()

    def finish_replayed_app(self):
        if self.app.exited() or not self.app.in_app_mode():
            self.ended("quit")
        else:
            self.quit_for_good()


# ----------------------------------------------------------------------------------------------
# Minimizing a failure: delta debugging over the actions of the failing app run, then over the
# keys of each write that is left.

TOKEN = re.compile(rb"\x1b\[[0-9;<?:]*[ -/]*[@-~]|\x1bO.|\x1b.|[\xc0-\xff][\x80-\xbf]*|.", re.DOTALL)


def failure_key(failure):
    return failure.check, " ".join(re.sub(r"[0-9]+", "N", failure.detail).split()[:6])


def replay_once(args, seed, records):
    workdir = tempfile.mkdtemp(prefix="spindle-fuzz-min-")
    session = Session(args, seed, random.Random(seed), workdir, None)
    try:
        session.replay(records)
        return None
    except Failure as failure:
        return failure
    finally:
        if session.app is not None:
            session.app.close()
        shutil.rmtree(workdir, ignore_errors=True)


def ddmin(items, fails):
    granularity = 2
    while len(items) >= 2:
        chunk = -(-len(items) // granularity)
        reduced = False
        for start in range(0, len(items), chunk):
            complement = items[:start] + items[start + chunk:]
            if complement and fails(complement):
                items = complement
                granularity = max(granularity - 1, 2)
                reduced = True
                break
        if not reduced:
            if granularity >= len(items):
                break
            granularity = min(len(items), granularity * 2)
    return items


def minimize(args, seed, records, path):
    starts = [i for i, r in enumerate(records) if r["k"] == "start"]
    run = [r for r in records[starts[-1]:] if r["k"] not in ("exited",)]
    first = replay_once(args, seed, run)
    if first is None:
        print("fuzz: the last app run alone does not fail; nothing to minimize")
        return
    wanted = failure_key(first)
    print(f"fuzz: minimizing {len(run) - 1} actions failing with {wanted[0]}: {first.detail}", flush=True)
    tries = [0]

    def fails(actions):
        tries[0] += 1
        failure = replay_once(args, seed, [run[0]] + actions)
        return failure is not None and failure_key(failure) == wanted

    actions = ddmin(run[1:], fails)
    print(f"fuzz: {len(actions)} actions left after {tries[0]} replays: "
          + ", ".join(f"{r['k']} {r.get('kind', '')} {len(r.get('hex', '')) // 2 or ''}" for r in actions), flush=True)
    for index, record in enumerate(actions):
        if record["k"] != "write":
            continue
        def fails_with(kept, index=index):
            candidate = list(actions)
            candidate[index] = dict(actions[index], hex=b"".join(kept).hex())
            return fails(candidate)
        data = bytes.fromhex(record["hex"])
        # Large writes in blocks first (a paste of 70 KB is 60,000 keys), then key by key.
        for block in (4096, 512, 64):
            if len(data) > 4 * block:
                blocks = [data[i:i + block] for i in range(0, len(data), block)]
                data = b"".join(ddmin(blocks, fails_with))
        tokens = TOKEN.findall(data)
        if 2 <= len(tokens) <= 600:
            tokens = ddmin(tokens, fails_with)
            data = b"".join(tokens)
        actions[index] = dict(record, hex=data.hex())
    with open(path, "w") as f:
        f.write(json.dumps({"k": "seed", "seed": seed, "binary": args.binary}) + "\n")
        for record in [run[0]] + actions:
            f.write(json.dumps(record) + "\n")
    print(f"fuzz: minimized after {tries[0]} replays to {len(actions)} actions ({path}):")
    print(f"  start {run[0]['term']} {run[0]['rows']}x{run[0]['cols']} {run[0]['profile']} {' '.join(run[0]['args'])}")
    for record in actions:
        if record["k"] == "write":
            data = bytes.fromhex(record["hex"])
            print(f"  write {show(data, 200)}   ({hexs(data)}) then {record.get('pause', 0)} s")
        else:
            print("  " + record["k"] + " " + " ".join(f"{k}={v}" for k, v in record.items() if k != "k"))


# ----------------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=None, help="the spindle binary (default .build/release/spindle)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=None, help="default: random, printed")
    parser.add_argument("--replay", metavar="LOG", help="replay the actions of a log written by a failed run")
    parser.add_argument("--minimize", action="store_true", help="with --replay: cut the log down to a shortest failing run")
    parser.add_argument("--log-dir", default=".build/fuzz", help="where a failure's log and output go")
    parser.add_argument("--probe-timeout", type=float, default=2.0, help="seconds the app has to answer a probe")
    parser.add_argument("--start-timeout", type=float, default=10.0)
    parser.add_argument("--max-rate", type=float, default=1500, help="keys per second at most")
    parser.add_argument("--max-raw", type=int, default=5000,
                        help="bytes of a paste that may arrive as plain keys (after an end marker inside it, "
                             "or with no start), per write (docs/fuzzing.md)")
    parser.add_argument("--hostile-share", type=float, default=0.5, help="share of runs on the hostile catalog")
    parser.add_argument("--mode", choices=["any", "embedded", "folder", "served", "remapped", "imported"], default="any",
                        help="what each app run browses: the embedded catalog (or the hostile one), a generated media "
                             "folder played in mpv (--vo=null), that folder through `spindle serve`, the embedded "
                             "catalog with remapped keys, or a big catalog imported at each start (its other orders' "
                             "indexes built while it is browsed); any: a mix")
    parser.add_argument("--last", type=int, default=25, help="actions shown on a failure")
    parser.add_argument("--stacks", action="store_true", help="on a wedge, print the app's stacks (gdb)")
    parser.add_argument("--quiet", action="store_true", help="only the summary line (and a failure)")
    args = parser.parse_args()
    args.binary_given = args.binary is not None
    if args.binary is None:
        args.binary = ".build/release/spindle"
    args.binary = os.path.abspath(args.binary)
    if not os.access(args.binary, os.X_OK):
        sys.exit(f"fuzz: no binary at {args.binary} (build it first)")

    records = None
    if args.replay:
        with open(args.replay) as f:
            records = [json.loads(line) for line in f if line.strip()]
        header = records[0] if records and records[0]["k"] == "seed" else {"seed": 0}
        seed = header["seed"]
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 2 ** 31)
    def on_signal(sig, _frame):
        raise KeyboardInterrupt(f"signal {sig}")
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    if args.minimize:
        if records is None:
            sys.exit("fuzz: --minimize needs --replay LOG")
        minimize(args, seed, [r for r in records if r["k"] != "seed"], os.path.splitext(args.replay)[0] + ".min.log")
        return 0
    if not args.quiet:
        print(f"fuzz: seed {seed}" + (f" (replaying {args.replay})" if args.replay else ""), flush=True)

    os.makedirs(args.log_dir, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="spindle-fuzz-")
    log_path = os.path.join(args.log_dir, f"fuzz-{seed}{'-replay' if args.replay else ''}.log")
    log_file = open(log_path, "w")
    log_file.write(json.dumps({"k": "seed", "seed": seed, "binary": args.binary}) + "\n")
    session = Session(args, seed, random.Random(seed), workdir, log_file)
    started = time.monotonic()
    failure = None
    try:
        if records is not None:
            session.replay([r for r in records if r["k"] != "seed"])
        else:
            session.run(args.seconds)
    except Failure as error:
        failure = error
        if failure.check in ("responsive", "quit") and args.stacks and session.app is not None:
            stacks = thread_stacks(session.app.pid)
            failure.detail += "\n" + stacks
    except KeyboardInterrupt:
        failure = Failure("interrupted", "the fuzzer was interrupted")
    finally:
        app = session.app
        output = bytes(app.output) if app else b""
        if app is not None:
            app.close()
        session.stop_server()
        shutil.rmtree(workdir, ignore_errors=True)
        log_file.close()
    elapsed = time.monotonic() - started
    summary = (f"fuzz: seed {seed}: {session.all_actions} actions, {session.keys} keys, {session.bytes} bytes in "
               f"{elapsed:.1f} s ({session.keys / max(elapsed, 1e-9):.0f} keys/s, {session.bytes / max(elapsed, 1e-9) / 1024:.0f} KiB/s), "
               f"{session.starts} starts, {session.restarts} restarts ({session.quits} by q, {session.sigterms} by SIGTERM), "
               f"{session.probes} probes, {session.children_checked} child processes ended with their app, "
               f"screens {dict(sorted(session.visits.items()))}: "
               + (f"clean, 0 failures ({elapsed:.0f} s run clean)" if failure is None
                  else f"FAILED, 1 failure ({failure.check}) after {elapsed:.0f} s"))
    if failure is None:
        os.unlink(log_path)
        print(summary, flush=True)
        return 0
    out_path = log_path[:-4] + ".out"
    with open(out_path, "wb") as f:
        f.write(output)
    print(f"fuzz: FAILED, seed {seed}, check {failure.check}: {failure.detail}", flush=True)
    print(f"fuzz: the last {args.last} actions of this app run (of {len(session.actions)}):")
    for record in session.actions[-args.last:]:
        if record["k"] == "write":
            data = bytes.fromhex(record["hex"])
            print(f"  write {record['kind']:<16} {show(data, 60):<64} {hexs(data[:48])}{' …' if len(data) > 48 else ''}")
        elif record["k"] == "start":
            print(f"  start {record['term']} {record['rows']}x{record['cols']} {record['profile']} {' '.join(record['args'])}")
        else:
            print("  " + record["k"] + " " + " ".join(f"{k}={v}" for k, v in record.items() if k != "k"))
    print(f"fuzz: every action: {log_path} (scripts/fuzz.py --replay {log_path}); the app's output: {out_path}")
    print(summary, flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main())
