"""make bench: what a user feels, measured on the real binaries under a pseudo-terminal.

Spindle and the C yardstick (Benchmarks/yardstick.c, the same list in plain ncursesw) are run
by the same harness, and each Spindle figure is printed beside the C one with their ratio.

    python3 Benchmarks/bench.py --spindle .build/release/spindle --yardstick .build/yardstick \\
        --spin-benchmark .build/release/SpinBenchmark [--quick]

--quick is a tiny round that checks that everything still builds and runs (make test); its
figures are not meant to be read. docs/performance.md explains every figure.
"""
import argparse
import fcntl
import json
import os
import platform
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import termios
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import PtyProgram, key_sequence  # noqa: E402

TERM = "xterm-256color"
JOURNAL_SYNC_SECONDS = 1.2  # the session journal fsyncs at most once a second (docs/spin.md)
EMBEDDED_TITLES = 5_000  # what spindle shows without --catalog; the yardstick reads the same titles


@dataclass
class Round:
    """How much to measure: a full round for the table, or a quick one that only checks that
    everything runs."""
    presses: int            # Down keys per size (the latency percentiles need hundreds)
    starts: int             # starts timed for the first frame (the median is reported)
    quiet_seconds: float    # idle on the list, and playing with the HUD hidden
    hud_windows: int        # windows of `hud_seconds` with the HUD shown (it hides after 3 s)
    hud_seconds: float
    paged_titles: int
    settle: float           # pause after the first frame before measuring
    posters: int            # films with a poster each, browsed in the grid
    scanned: int            # media files in the folder the scan reads first

    @staticmethod
    def make(quick):
        if quick:
            return Round(presses=20, starts=1, quiet_seconds=0.3, hud_windows=1, hud_seconds=0.3,
                         paged_titles=2_000, settle=0.05, posters=24, scanned=20)
        return Round(presses=500, starts=9, quiet_seconds=10, hud_windows=4, hud_seconds=2.5,
                     paged_titles=100_000, settle=0.3, posters=500, scanned=1_000)


@dataclass
class Program:
    name: str
    argv: list
    ready: bytes  # written once the list is on screen with its titles


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def first_frame_ms(program, runs):
    """Start of the process to the end of its first complete frame; the median of `runs` starts."""
    times = []
    for _ in range(runs):
        run = PtyProgram(program.argv, term=TERM)
        times.append(run.first_frame(program.ready) * 1000)
        run.finish()
    return statistics.median(times)


def memory_after_first_frame(program, settle):
    """RSS, PSS, USS and peak RSS in KiB once the first frame is drawn and the program settled."""
    run = PtyProgram(program.argv, term=TERM)
    run.first_frame(program.ready)
    run.read(settle)
    memory = run.memory_kib()
    run.finish()
    return memory


def resumed_start(program, runs, settle):
    """Starts that resume a saved session, beside fresh ones: a first run moves down a few
    screens and quits; then, in turn, a fresh start and a start that folds that run's journal and
    draws where it ended, `runs` times each. The medians of their times to the first frame, and
    of their peak memory once settled."""
    state_home = tempfile.mkdtemp(prefix="spindle-bench-state-")
    try:
        run = PtyProgram(program.argv, term=TERM, state_home=state_home)
        run.read_until(program.ready)
        for _ in range(3):
            os.write(run.fd, key_sequence(TERM, "knp"))  # PageDown
            run.read(settle)
        run.finish()
        times = {"fresh": [], "resumed": []}
        peaks = {"fresh": [], "resumed": []}
        for _ in range(runs):
            for kind in ["fresh", "resumed"]:
                run = PtyProgram(program.argv, term=TERM, state_home=state_home if kind == "resumed" else None)
                times[kind].append(run.first_frame(program.ready) * 1000)
                run.read(settle)
                peaks[kind].append(run.peak_memory_kib())
                run.finish()
        return {kind: (statistics.median(times[kind]), statistics.median(peaks[kind])) for kind in times}
    finally:
        shutil.rmtree(state_home, ignore_errors=True)


def down_keys(program, rows, columns, presses, settle):
    """Latency to the first byte, bytes and CPU per Down key, after the first frame."""
    run = PtyProgram(program.argv, rows=rows, columns=columns, term=TERM)
    run.read_until(program.ready)
    run.read(settle)
    down = key_sequence(TERM, "kcud1")
    cpu_before = run.cpu_seconds()
    latencies, sizes = [], []
    for _ in range(presses):
        latency, written = run.press(down, settle=0.005)
        if latency is not None:
            latencies.append(latency)
        sizes.append(len(written))
    cpu = run.cpu_seconds() - cpu_before
    run.finish()
    if len(latencies) < presses:
        raise SystemExit(f"{program.name}: {presses - len(latencies)} of {presses} Down keys drew nothing")
    return {
        "latency_median_us": statistics.median(latencies) * 1e6,
        "latency_p99_us": percentile(latencies, 0.99) * 1e6,
        "bytes_per_key": statistics.mean(sizes),
        "cpu_per_key_us": cpu / presses * 1e6,
    }


def typing_search(program, rounds, settle):
    """CPU and latency per key while typing a search that filters the list as you type: `/`,
    then "kyoto" and five Backspaces, `rounds` times (every key changes the query)."""
    run = PtyProgram(program.argv, term=TERM)
    run.read_until(program.ready)
    run.read(settle)
    run.press(b"/", settle=settle)
    keys = [bytes([c]) for c in b"kyoto"] + [b"\x7f"] * 5
    cpu_before = run.cpu_seconds()
    latencies = []
    for _ in range(rounds):
        for key in keys:
            latency, _ = run.press(key, settle=0.01)
            if latency is not None:
                latencies.append(latency)
    cpu = run.cpu_seconds() - cpu_before
    run.finish()
    presses = rounds * len(keys)
    return {"cpu_per_key_us": cpu / presses * 1e6,
            "latency_median_us": statistics.median(latencies) * 1e6 if latencies else float("nan")}


def quiet_window(run, seconds):
    """CPU time, wake-ups and bytes written per second while nobody types, for `seconds`."""
    cpu_before, switches_before = run.cpu_seconds(), run.context_switches_by_thread()
    quiet = run.read_for(seconds)
    return {"cpu_ms_per_s": (run.cpu_seconds() - cpu_before) / seconds * 1000,
            "wakeups_per_s": run.wakeups_since(switches_before) / seconds,
            "bytes_per_s": len(quiet) / seconds}


def idle(program, seconds, settle):
    """The program left alone on its list."""
    run = PtyProgram(program.argv, term=TERM)
    run.read_until(program.ready)
    run.read(settle)
    # What the start wrote to the session journal is fsync'd within 1 s, by one timer (then none
    # while nothing changes): idle is measured after it.
    run.read_for(JOURNAL_SYNC_SECONDS)
    result = quiet_window(run, seconds)
    run.finish()
    return result


def playing(program, plan):
    """Spindle playing the first title: the HUD hidden, then shown. The HUD hides 3 s after the
    last key, so it is measured in windows shorter than that, each after a key that only shows it."""
    run = PtyProgram(program.argv, term=TERM)
    run.read_until(program.ready)
    run.read(plan.settle)
    run.press(b"\r")                  # Enter plays the selected title; the HUD shows
    run.read_until(b"Playing")
    run.press(b"\t")                  # Tab hides the HUD at once
    run.read_for(plan.settle)
    hidden = quiet_window(run, plan.quiet_seconds)
    visible = {"cpu_ms_per_s": 0.0, "wakeups_per_s": 0.0, "bytes_per_s": 0.0}
    for _ in range(plan.hud_windows):
        run.press(b"v")                # any other key shows the HUD for 3 s
        run.read_for(0.1)
        window = quiet_window(run, plan.hud_seconds)
        for key in visible:
            visible[key] += window[key] / plan.hud_windows
    run.finish()
    return hidden, visible


def make_clip(directory, seconds):
    """A clip for mpv made by ffmpeg: test pattern and a tone, chapters Intro (first third),
    Main, Credits (last sixth). None when ffmpeg or mpv is missing."""
    if not (shutil.which("ffmpeg") and shutil.which("mpv")):
        return None
    intro_end, credits = seconds // 3, seconds - seconds // 6
    metadata = os.path.join(directory, "chapters.txt")
    with open(metadata, "w") as file:
        file.write(";FFMETADATA1\n")
        for title, start, end in [("Intro", 0, intro_end), ("Main", intro_end, credits), ("Credits", credits, seconds)]:
            file.write(f"[CHAPTER]\nTIMEBASE=1/1000\nSTART={start * 1000}\nEND={end * 1000}\ntitle={title}\n")
    clip = os.path.join(directory, "clip.mkv")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=24",
                    "-f", "lavfi", "-i", "sine=frequency=440", "-i", metadata, "-map", "0:v", "-map", "1:a",
                    "-map_chapters", "2", "-t", str(seconds), clip], check=True)
    return clip


def real_playback(spindle, directory, plan):
    """A title with a video, played in mpv (--vo=null --ao=null) under the HUD: how long Enter
    takes to show the media's first position, how long `s` takes to land past the intro, and
    what Spindle (not mpv) costs per second while playing. The times come from the app's own
    --record file (when each event was reduced), so the screen's diffs need no parsing."""
    seconds = 60
    clip = make_clip(directory, seconds)
    if clip is None:
        return None
    catalog = os.path.join(directory, "real.jsonl")
    with open(catalog, "w") as file:
        file.write(f'{{"id":"real","title":"Real Clip","year":2024,"genre":"Test","video":"{clip}"}}\n')
    record = os.path.join(directory, "real-run.jsonl")
    run = PtyProgram([spindle, "--catalog", catalog, "--mpv-args", "--vo=null --ao=null", "--record", record],
                     term=TERM)
    run.read_until(b"Real Clip")
    run.read(plan.settle)
    run.press(b"\r")
    run.read_until(b"Skip intro")
    run.read_for(1.5)
    run.press(b"s")
    run.read_for(0.5)
    visible = {"cpu_ms_per_s": 0.0, "wakeups_per_s": 0.0, "bytes_per_s": 0.0}
    for _ in range(plan.hud_windows):
        run.press(b"v")  # shows the HUD for 3 s
        run.read_for(0.1)
        window = quiet_window(run, plan.hud_seconds)
        for key in visible:
            visible[key] += window[key] / plan.hud_windows
    run.press(b"\t")  # hides it
    run.read_for(plan.settle)
    hidden = quiet_window(run, plan.quiet_seconds)
    run.finish()
    times = {}
    with open(record) as file:
        for line in file:
            entry = json.loads(line)
            if "at" not in entry:
                continue  # the initial state
            at, event = entry["at"] / 1e6, json.dumps(entry["event"])
            # The journal holds what the keys meant (the key map runs at reduce time): Enter opened
            # the player, s asked to skip the intro.
            for name, marker in [("enter", '"playerOpened"'), ("loaded", '"mediaLoaded"'), ("position", '"positionAdvanced"'),
                                 ("s", '"skipIntroRequested"'), ("landed", '"seekFinished"')]:
                if marker in event and name not in times:
                    times[name] = at
    return {
        "loaded_ms": times["loaded"] - times["enter"],
        "first_second_ms": times["position"] - times["enter"],
        "skip_ms": times["landed"] - times["s"],
        "visible": visible, "hidden": hidden,
    }


def paging(spindle, catalog, count, settle):
    """Pages through `count` titles of a generated JSON Lines catalog (imported into the library
    first) with PageDown, a screen at a time, to the last: the seconds, the keys, the peak
    memory and what each title paged through adds to the resident memory (the list keeps a
    window of at most 5,000 titles, so this is about the memory around it).

    A PageDown at the last title draws nothing. So once a key has drawn nothing for 0.25 s, a
    resize makes the program draw its whole screen again, whose footer must then say that the
    last title is selected ("100,000 / 100,000"), or the paging goes on; the time runs to the
    last key's frame. (While paging, no byte string tells the end: a footer redrawn a key at a
    time is written only where its cells changed.)"""
    run = PtyProgram([spindle, "--catalog", catalog, "--latency", "0"], term=TERM)
    run.read_until(b"50 loaded", timeout=600)
    run.read(settle)
    resident_before = run.resident_kib()
    page_down = key_sequence(TERM, "knp")
    end = f"{count:,} / {count:,}".encode()
    columns = run.columns
    start = last = time.perf_counter()
    keys = 0
    while True:
        first, _ = run.press(page_down, settle=0.0, wait=0.25)
        if first is not None:
            keys += 1
            last = time.perf_counter()
            continue
        columns = run.columns + 1 if columns == run.columns else run.columns
        seen = len(run.output)
        fcntl.ioctl(run.fd, termios.TIOCSWINSZ, struct.pack("HHHH", run.rows, columns, 0, 0))
        run.read(0.3)
        if end in run.output[seen:]:
            break
        if time.perf_counter() - start > 600:
            raise TimeoutError("paging took too long")
    elapsed = last - start
    peak, resident = run.peak_memory_kib(), run.resident_kib()
    run.finish()
    return {"paging_s": elapsed, "keys": keys, "peak_kib": peak,
            "bytes_per_item": (resident - resident_before) * 1024 / count}


def hostile_config(spindle, directory, runs):
    """`spindle config` on a 64 KiB config.toml of 16,000 nested inline tables (`a={b={b={…=1}}}`):
    the slowest of `runs` runs (ms), their largest peak resident memory (KiB, the child's own, from
    wait4), and the lines it printed (one: the file is refused where it nests too deep)."""
    config_home = os.path.join(directory, "hostile-config")
    os.makedirs(os.path.join(config_home, "spindle"), mode=0o700, exist_ok=True)
    with open(os.path.join(config_home, "spindle", "config.toml"), "w") as file:
        file.write("a=" + "{b=" * 16_000 + "1" + "}" * 16_000 + "\n")
    env = dict(os.environ, HOME=directory, XDG_CONFIG_HOME=config_home)
    slowest, peak, lines = 0.0, 0, []
    for _ in range(runs):
        start = time.monotonic()
        # Started by a small Python of its own: a child's peak (ru_maxrss) counts the memory of
        # the process it was forked from, and this one's grows to hundreds of MiB by now. The
        # small one's own (about 8 MiB) is the least the figure can read.
        measured = subprocess.run([sys.executable, "-S", "-c", SPAWN_AND_MEASURE, spindle, "config"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
        slowest = max(slowest, (time.monotonic() - start) * 1000)
        peak = max(peak, int(measured.stdout))
        lines = measured.stderr.decode(errors="replace").splitlines()
    return slowest, peak, lines


# Runs argv[1:] with stdout closed and its stderr passed on; prints its peak resident memory (KiB).
SPAWN_AND_MEASURE = """
import os, sys
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
print(os.wait4(pid, 0)[2].ru_maxrss)
"""


def library_start(spindle, data_home, runs):
    """`spindle --library` on a generated library: first frame (median of `runs` starts, each with
    a new session, the library shared) and peak memory after it."""
    times, peaks = [], []
    for _ in range(runs):
        run = PtyProgram([spindle, "--library"], term=TERM, data_home=data_home)
        times.append(run.first_frame(b"50 loaded", timeout=30) * 1000)
        peaks.append(run.peak_memory_kib())
        run.finish()
    return statistics.median(times), max(peaks)


def library_search(spindle, data_home, directory, settle, source=("--library",), env=None):
    """Typing a search in the library (or in `source`, such as a server's address): for each
    key, the time from the key to the first page of its results, from the app's --record file
    (when each was reduced); then 20 PageDowns. Also the peak memory at the end."""
    record = os.path.join(directory, f"library-search-{os.getpid()}-{time.monotonic_ns()}.jsonl")
    run = PtyProgram([spindle, *source, "--record", record], term=TERM, data_home=data_home, env=env)
    run.read_until(b"50 loaded", timeout=30)
    run.read(settle)
    run.press(b"/", settle=settle)
    typed = "amelie"
    for key in [bytes([c]) for c in typed.encode()] + [b"\x7f"] * len(typed) + [b"t", b"h", b"e"]:
        run.press(key, settle=0.3)
    run.press(b"\r", settle=settle)
    page_down = key_sequence(TERM, "knp")
    for _ in range(20):
        run.press(page_down, settle=0.05)
    run.read(settle)
    peak = run.peak_memory_kib()
    run.finish()
    latencies = []
    pending = None
    with open(record) as file:
        for line in file:
            entry = json.loads(line)
            if "at" not in entry:
                continue
            event = entry["event"]
            # A key typed into the search line (the journal holds what keys meant).
            if "searchKeyPressed" in event:
                pending = entry["at"]
            loaded = event.get("list", {}).get("_0", {}).get("pageLoaded") if "list" in event else None
            if loaded is not None and pending is not None:
                request = loaded.get("for", {})
                if request.get("query") and request.get("cursor") == {"offset": {"_0": 0}}:
                    latencies.append((entry["at"] - pending) / 1e6)
                    pending = None
    os.unlink(record)
    return {"search_ms": latencies, "peak_kib": peak}


def key_to_marker(run, key, marker, timeout=30):
    """Milliseconds from typing `key` to `marker` written."""
    start = time.perf_counter()
    os.write(run.fd, key)
    run.read_until(marker, timeout=timeout)
    return (time.perf_counter() - start) * 1000


def library_views(spindle, data_home, settle, presses=40):
    """The library's views on a generated library (`--generate-library` gives it some history):
    the time from `1` to Home drawn with its rows (continue, next up, new), the first frame of a
    start that resumes on Home, from `2` to the Shows list drawn, and per Down key in Shows:
    latency to the first byte and CPU."""
    state = tempfile.mkdtemp(prefix="bench-views-")
    try:
        run = PtyProgram([spindle, "--library"], term=TERM, data_home=data_home, state_home=state)
        run.read_until(b"50 loaded", timeout=60)
        run.read(settle)
        home_ms = key_to_marker(run, b"1", b"next up")
        run.read(settle)
        run.finish()
        # Started again: the session resumes on Home.
        run = PtyProgram([spindle, "--library"], term=TERM, data_home=data_home, state_home=state)
        home_first_ms = run.first_frame(b"next up", timeout=60) * 1000
        peak = run.peak_memory_kib()
        run.read(settle)
        shows_ms = key_to_marker(run, b"2", b"seasons")
        run.read(settle)
        down = key_sequence(TERM, "kcud1")
        cpu_before = run.cpu_seconds()
        latencies = []
        for _ in range(presses):
            latency, _ = run.press(down, settle=0.005)
            if latency is not None:
                latencies.append(latency * 1000)
        cpu = (run.cpu_seconds() - cpu_before) / presses * 1000
        peak = max(peak, run.peak_memory_kib())
        run.finish()
        return {"home_ms": home_ms, "home_first_ms": home_first_ms, "shows_ms": shows_ms,
                "key_median_ms": statistics.median(latencies) if latencies else None,
                "key_slowest_ms": max(latencies) if latencies else None, "key_cpu_ms": cpu, "peak_kib": peak}
    finally:
        shutil.rmtree(state, ignore_errors=True)


def serving(spindle, data_home, directory, prefix=()):
    """Starts `spindle serve` on the library in `data_home`, on a free port (`prefix` runs before
    it: prlimit); returns the process, its address and its token once it listens."""
    config = os.path.join(directory, "serve-config")
    env = dict(os.environ, XDG_DATA_HOME=data_home, XDG_CONFIG_HOME=config)
    log_path = os.path.join(directory, "serve.log")
    log = open(log_path, "w")
    process = subprocess.Popen([*prefix, spindle, "serve", "--listen", "127.0.0.1:0"], env=env,
                               stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"at (http://127\.0\.0\.1:\d+)", open(log_path).read())
        if found:
            token = open(os.path.join(config, "spindle", "token")).read().strip()
            return process, found.group(1), token, config
        time.sleep(0.05)
    process.terminate()
    raise SystemExit(f"spindle serve did not start:\n{open(log_path).read()}")


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def server_load(address, token, pid, seconds, searches=False, connections=64):
    """wrk against `spindle serve`: 64 connections walking pages of 50 by their next links (one
    walk in three a search) for `seconds`; requests/s, p50/p99 and errors, and the server's
    resident memory before and after. One connection walks alone: every page it asks for is
    made then (none is kept from another's walk)."""
    if not shutil.which("wrk"):
        return None
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "load.lua")

    def load():
        # wrk's Lua state is per thread: a thread's 32 connections walk one chain of next links
        # together, so an expensive page is asked for 32 times at once. A timeout of 10 s (not
        # wrk's 2) lets such a queue show in the latency rather than as errors.
        return subprocess.run(["wrk", "-t", str(min(2, connections)), "-c", str(connections), "-d", f"{seconds}s",
                               "--timeout", "10s", "--latency",
                               "-s", script, address],
                              env=dict(os.environ, TOKEN=token, SEARCHES="1" if searches else "0"),
                              capture_output=True, text=True, check=True, timeout=seconds + 60).stdout

    before = resident_kib(pid)
    load()  # warms the caches up (SQLite's pages, the readers, NIO's buffers)
    warm = resident_kib(pid)
    output = load()
    after = resident_kib(pid)
    figures = {"rss_before_kib": before, "rss_warm_kib": warm, "rss_after_kib": after}
    detail = re.search(r"errors: \d+ \((.*)\)", output)
    figures["error_kinds"] = detail.group(1) if detail else ""
    for name, pattern in [("requests_per_s", r"requests/s: ([\d.]+)"), ("p50_ms", r"p50: ([\d.]+) ms"),
                          ("p99_ms", r"p99: ([\d.]+) ms"), ("errors", r"errors: (\d+)"),
                          ("requests", r"requests: (\d+)")]:
        found = re.search(pattern, output)
        if not found:
            raise SystemExit(f"no {name} in wrk's output:\n{output}")
        figures[name] = float(found.group(1))
    return figures


def held_sockets(spindle, data_home, directory, requests, crowd=False, bodies_come_back=True):
    """`spindle serve` limited to 256 file descriptors (prlimit) while connections hold it:
    400 idle ones and 20 slowloris ones (a header byte every 100 ms), or with `crowd`, the token
    holder's crowd: 300 long polls (`/v1/changes?wait=25`, asked again as soon as answered or
    closed) and 300 authorized `POST /v1/watch` whose body stalls after its first byte (sent again
    when closed, unless not `bodies_come_back`). Meanwhile `requests` authorized pages, one after another on new connections:
    their p50/p99 and errors (a page not answered within 5 s is one), and the server's CPU
    seconds over the time they took (a server that spins on a failing accept would use all of it)."""
    import selectors
    import socket
    import threading
    if not shutil.which("prlimit"):
        return None
    process, address, token, _ = serving(spindle, data_home, directory, prefix=["prlimit", "--nofile=256:256"])
    port = int(address.rsplit(":", 1)[1])
    held, slow = [], []
    stop = threading.Event()
    threads = []
    try:
        if crowd:
            generation = re.search(rb'"generation":(\d+)', http_get(port, "/v1/changes", token)).group(1).decode()
            poll = (f"GET /v1/changes?since={generation}&wait=25 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Authorization: Bearer {token}\r\n\r\n").encode()
            stall = (f"POST /v1/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{").encode()

            def hold():
                chosen = selectors.DefaultSelector()

                def connect(request):
                    try:
                        connection = socket.socket()
                        connection.setblocking(False)
                        connection.connect_ex(("127.0.0.1", port))
                        chosen.register(connection, selectors.EVENT_WRITE, request)
                    except OSError:
                        pass
                for index in range(600):
                    connect(poll if index % 2 == 0 else stall)
                while not stop.is_set():
                    for key, events in chosen.select(timeout=0.1):
                        connection, request = key.fileobj, key.data
                        if events & selectors.EVENT_WRITE:
                            try:
                                connection.send(request)
                                chosen.modify(connection, selectors.EVENT_READ, request)
                            except OSError:
                                chosen.unregister(connection)
                                connection.close()
                                connect(request)
                            continue
                        try:
                            data = connection.recv(65536)
                        except OSError:
                            data = b""
                        if not data:  # closed: connect again at once
                            chosen.unregister(connection)
                            connection.close()
                            if request is poll or bodies_come_back:
                                connect(request)
                        elif request is poll and b"generation" in data:  # answered: ask again
                            try:
                                connection.send(request)
                            except OSError:
                                pass
                for key in list(chosen.get_map().values()):
                    key.fileobj.close()
            threads.append(threading.Thread(target=hold, daemon=True))
        else:
            for index in range(420):
                connection = socket.create_connection(("127.0.0.1", port), timeout=2)
                (slow if index < 20 else held).append(connection)
            for connection in slow:
                connection.sendall(b"GET /v1/titles HTTP/1.1\r\nHost: 127.0.0.1\r\n")

            def trickle():
                while not stop.wait(0.1):
                    for connection in slow:
                        try:
                            connection.send(b"x")
                        except OSError:
                            pass
            threads.append(threading.Thread(target=trickle, daemon=True))
        for thread in threads:
            thread.start()
        if crowd:
            time.sleep(2)  # the crowd takes its places
        ticks = os.sysconf("SC_CLK_TCK")

        def cpu():
            with open(f"/proc/{process.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks
        request = (f"GET /v1/titles?limit=50 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                   "Connection: close\r\n\r\n").encode()
        times, errors = [], 0
        cpu_before, started = cpu(), time.perf_counter()
        for _ in range(requests):
            start = time.perf_counter()
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                    connection.sendall(request)
                    answer = b""
                    while b"\r\n" not in answer:
                        chunk = connection.recv(4096)
                        if not chunk:
                            break
                        answer += chunk
                    if not answer.startswith(b"HTTP/1.1 200"):
                        errors += 1
                    while connection.recv(65536):
                        pass
            except OSError:
                errors += 1
            times.append((time.perf_counter() - start) * 1000)
        wall = time.perf_counter() - started
        used = cpu() - cpu_before
        stop.set()
        return {"p50_ms": percentile(times, 0.5), "p99_ms": percentile(times, 0.99), "errors": errors,
                "cpu_share": used / wall}
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
        for connection in held + slow:
            connection.close()
        process.terminate()
        process.wait(timeout=30)


def http_get(port, path, token):
    """The whole answer to one authorized GET on 127.0.0.1:`port`."""
    import socket
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                           "Connection: close\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
        return answer


def library_paging(binary, data_home):
    """µs per page of 50 at the first, middle and last rows, from LibraryBenchmark on the
    library `spindle --generate-library` made (it reuses that file; a count of 0 has it read the
    number of titles from the file)."""
    output = subprocess.run([binary, "0", os.path.join(data_home, "spindle"), "--paging-only"], capture_output=True, text=True,
                            check=True, timeout=900).stdout
    pages = [(int(row), float(cost)) for row, cost in re.findall(r"page of 50 at row (\d+): ([\d.]+) µs", output)]
    return pages, output


def search_paging(binary, data_home):
    """Every match of a few searches paged through forward (LibraryBenchmark --search-pages on
    the same library): per search, its matches, its median page and its slowest, in µs."""
    output = subprocess.run([binary, "0", os.path.join(data_home, "spindle"), "--search-pages"], capture_output=True,
                            text=True, check=True, timeout=900).stdout
    searches = [(query, int(matches), int(median), int(slowest)) for query, matches, median, slowest in
                re.findall(r'search "([^"]+)": (\d+) matches, \d+ pages: median (\d+) µs, slowest (\d+) µs', output)]
    # Then a search typed a letter at a time: each key's first page (the median of its rounds).
    typed = re.search(r'typing "([^"]+)", [^:]*: (.*); slowest key (\d+) µs', output)
    keys = [int(cost) for cost in re.findall(r"(\d+) µs", typed.group(2))] if typed else []
    return searches, (typed.group(1), keys) if typed else None


def library_figures(table, spindle, directory, options, plan):
    """The library: a generated library of a million titles (ten thousand for the
    quick round) beside one of ten thousand, and a JSON Lines catalog of as many lines."""
    big = 10_000 if options.quick else 1_000_000
    small = 10_000
    homes = {}
    for count in sorted({small, big}):
        home = os.path.join(directory, f"library-{count}")
        started = time.perf_counter()
        subprocess.run([spindle, "--generate-library", str(count)], check=True,
                       env=dict(os.environ, XDG_DATA_HOME=home))
        if count == big:
            table.figure(f"library: generate {count:,} titles (straight into SQLite)", "s",
                         time.perf_counter() - started, digits=1)
        homes[count] = home
    first, peak = library_start(spindle, homes[big], plan.starts)
    table.figure(f"library of {big:,}: start to first frame (spindle --library)", "ms", first, None, "≤ 100 ms", 100,
                 absolute=True, digits=1)
    searching = library_search(spindle, homes[big], directory, plan.settle)
    _, small_peak = library_start(spindle, homes[small], 1)
    small_search = library_search(spindle, homes[small], directory, plan.settle)
    table.figure("  peak memory after the first frame", "MiB", peak / 1024, None, "≤ 40 MiB", 40 * 1024 / 1024,
                 absolute=True, digits=1)
    table.figure("  peak memory after searching and 20 PageDowns", "MiB", searching["peak_kib"] / 1024, None,
                 "≤ 40 MiB", 40, absolute=True, digits=1)
    table.figure(f"  the same on {small:,} titles (independent of size)", "MiB",
                 max(small_peak, small_search["peak_kib"]) / 1024, digits=1)
    latencies = searching["search_ms"]
    if latencies:
        table.figure("  search keystroke to its first page: median", "ms", statistics.median(latencies), digits=1)
        table.figure("  search keystroke to its first page: slowest", "ms", max(latencies), None, "≤ 20 ms", 20,
                     absolute=True, digits=1)
    views = library_views(spindle, homes[big], plan.settle)
    table.figure(f"library of {big:,}: 1 (Home: continue, next up, new) to its rows drawn", "ms", views["home_ms"],
                 digits=1)
    table.figure("  a start resumed on Home to its first frame", "ms", views["home_first_ms"], None, "≤ 100 ms", 100,
                 absolute=True, digits=1)
    table.figure("  2 (Shows, one row a show) to its rows drawn", "ms", views["shows_ms"], digits=1)
    if views["key_median_ms"] is not None:
        table.figure("  a Down key in Shows: latency, median", "ms", views["key_median_ms"], digits=2)
        table.figure("  a Down key in Shows: latency, slowest", "ms", views["key_slowest_ms"], None, "≤ 5 ms", 5,
                     absolute=True, digits=2)
        table.figure("  a Down key in Shows: CPU", "ms", views["key_cpu_ms"], digits=3)
    table.figure("  peak memory in the views", "MiB", views["peak_kib"] / 1024, None, "≤ 60 MiB", 60, absolute=True,
                 digits=1)
    if options.library_benchmark:
        pages, _ = library_paging(options.library_benchmark, homes[big])
        for row, cost in pages:
            table.figure(f"  a page of 50 at row {row:,}", "µs", cost)
        searches, typed = search_paging(options.library_benchmark, homes[big])
        if not searches or not typed or not typed[1]:
            raise SystemExit("LibraryBenchmark --search-pages printed no search, or no typed one")
        for query, matches, median, slowest in searches:
            if matches:
                table.figure(f"  search \"{query}\" paged through its {matches:,} matches: median page", "µs", median)
                table.figure("    its slowest page", "µs", slowest)
        text, keys = typed
        table.figure(f"  \"{text}\" typed a letter at a time: a key's first page, median", "µs", statistics.median(keys))
        table.figure("    the slowest key", "µs", max(keys))

    # The server on the small library, then on the big one: the rates side by side.
    loads = {}
    seconds = 3 if options.quick else 10
    for count in sorted({small, big}):
        process, address, token, config = serving(spindle, homes[count], directory)
        try:
            walk = server_load(address, token, process.pid, seconds)
            if walk is not None:
                loads[count] = {"walk": walk,
                                "mixed": server_load(address, token, process.pid, seconds, searches=True),
                                "alone": server_load(address, token, process.pid, seconds, connections=1)}
        finally:
            process.terminate()  # SIGTERM, by pid: a graceful shutdown
            process.wait(timeout=30)
    if not loads:
        table.note("spindle serve under load", "(skipped: wrk is not installed)")
    else:
        load, mixed, alone = loads[big]["walk"], loads[big]["mixed"], loads[big]["alone"]
        table.figure(f"spindle serve, {big:,} titles, 64 connections walking pages of 50: requests per second", "",
                     load["requests_per_s"])
        if big != small:
            table.figure(f"  the same on {small:,} titles", "", loads[small]["walk"]["requests_per_s"])
            table.figure(f"  {big:,} against {small:,} titles", "%",
                         100 * load["requests_per_s"] / loads[small]["walk"]["requests_per_s"], None, "≥ 80 %", 80,
                         absolute=True, digits=0, higher_is_better=True)
        table.figure("  latency p50", "ms", load["p50_ms"], digits=2)
        table.figure("  latency p99", "ms", load["p99_ms"], None, "≤ 20 ms", 20, absolute=True, digits=2)
        table.figure("  errors", "", load["errors"], None, "0", 0, absolute=True)
        if load["errors"]:
            table.note("  errors by kind", f"({load['error_kinds']})")
        table.figure("  the same, one walk in three a search: requests per second", "", mixed["requests_per_s"])
        if big != small:
            table.figure(f"    the same on {small:,} titles", "", loads[small]["mixed"]["requests_per_s"])
        table.figure("    latency p50", "ms", mixed["p50_ms"], digits=2)
        table.figure("    latency p99", "ms", mixed["p99_ms"], None, "≤ 100 ms", 100, absolute=True, digits=2)
        table.figure("    errors", "", mixed["errors"], None, "0", 0, absolute=True)
        table.figure("  one connection walking alone (each page made as asked): requests per second", "",
                     alone["requests_per_s"])
        table.figure("    latency p50", "ms", alone["p50_ms"], digits=2)
        table.figure("    latency p99", "ms", alone["p99_ms"], digits=2)
        table.figure("  server resident memory: started", "MiB", load["rss_before_kib"] / 1024, digits=1)
        table.figure("  server resident memory: after a first round of load", "MiB", load["rss_warm_kib"] / 1024,
                     digits=1)
        table.figure(f"  server resident memory: after {load['requests']:,.0f} more requests", "MiB",
                     load["rss_after_kib"] / 1024, digits=1)
    process, address, token, config = serving(spindle, homes[big], directory)
    try:
        remote = library_search(spindle, os.path.join(directory, "client-data"), directory, plan.settle,
                                source=(address,), env=dict(os.environ, XDG_CONFIG_HOME=config))
        if remote["search_ms"]:
            table.figure("  client: search keystroke to its first page from the server, median", "ms",
                         statistics.median(remote["search_ms"]), digits=1)
            table.figure("  client: the same, slowest", "ms", max(remote["search_ms"]), digits=1)
    finally:
        process.terminate()  # SIGTERM, by pid: a graceful shutdown
        process.wait(timeout=30)
    held = held_sockets(spindle, homes[big], directory, 20 if options.quick else 500)
    if held is None:
        table.note("spindle serve with held sockets", "(skipped: prlimit is not installed)")
    else:
        table.figure("spindle serve at 256 fds, 400 idle + 20 slowloris held: a client's page of 50, p50", "ms",
                     held["p50_ms"], digits=2)
        table.figure("  p99", "ms", held["p99_ms"], None, "≤ 50 ms", 50, absolute=True, digits=2)
        table.figure("  errors", "", held["errors"], None, "0", 0, absolute=True)
        table.figure("  server CPU share while held", "%", held["cpu_share"] * 100, digits=1)
    held = held_sockets(spindle, homes[big], directory, 20 if options.quick else 500, crowd=True)
    if held is not None:
        table.figure("spindle serve at 256 fds, 300 long polls + 300 stalled bodies held: a page of 50, p50", "ms",
                     held["p50_ms"], digits=2)
        table.figure("  p99", "ms", held["p99_ms"], None, "≤ 50 ms", 50, absolute=True, digits=2)
        table.figure("  errors (no answer within 5 s)", "", held["errors"], None, "0", 0, absolute=True)
        table.figure("  server CPU share while held", "%", held["cpu_share"] * 100, digits=1)
    held = held_sockets(spindle, homes[big], directory, 20 if options.quick else 500, crowd=True, bodies_come_back=False)
    if held is not None:
        table.figure("the same, the stalled bodies sent once (closed, they stay closed): a page of 50, p50", "ms",
                     held["p50_ms"], digits=2)
        table.figure("  p99", "ms", held["p99_ms"], None, "≤ 50 ms", 50, absolute=True, digits=2)
        table.figure("  errors (no answer within 5 s)", "", held["errors"], None, "0", 0, absolute=True)

    catalog = os.path.join(directory, "library-catalog.jsonl")
    generate_catalog(spindle, catalog, big)
    home = os.path.join(directory, "catalog-import")
    run = PtyProgram([spindle, "--catalog", catalog], term=TERM, data_home=home)
    imported = run.first_frame(b"50 loaded", timeout=900)
    library = next((os.path.join(root, name) for root, _, names in os.walk(home) for name in names
                    if name.endswith(".sqlite")), None)
    # The other orders' indexes, built after the first frame while the list is browsed.
    indexed = pending_indexes_built(run, library)
    import_peak = run.peak_memory_kib()
    import_cpu = run.process_cpu_seconds()
    run.finish()
    cli = sqlite_cli_import_s(library, directory) if library else None
    # Its C column: the sqlite3 command line loading the same rows into the same schema.
    table.figure(f"catalog of {big:,} lines: first start (imports it)", "s", imported, cli, "≤ 2x", 2, digits=1)
    table.figure("  import throughput", "lines/s", big / imported)
    if indexed is None:
        table.note("  every index built (the other orders' after the first frame)", "never: some are still pending")
    else:
        table.figure("  every index built (the other orders' after the first frame)", "s", indexed, digits=1)
    table.figure("  CPU of the start that imports, to every index built (all its threads)", "s", import_cpu, digits=1)
    table.figure("  peak memory while importing", "MiB", import_peak / 1024, digits=1)
    seconds = []
    for _ in range(plan.starts):
        run = PtyProgram([spindle, "--catalog", catalog], term=TERM, data_home=home)
        seconds.append(run.first_frame(b"50 loaded", timeout=60))
        run.finish()
    table.figure("  second start to first frame", "ms", statistics.median(seconds) * 1000, None, "≤ 200 ms", 200,
                 absolute=True, digits=1)
    # The file changed (a new time, the same lines): the next start imports it again, in place
    # of its titles (the first import is its C column).
    stamp = os.stat(catalog)
    os.utime(catalog, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))
    run = PtyProgram([spindle, "--catalog", catalog], term=TERM, data_home=home)
    again = run.first_frame(b"50 loaded", timeout=900)
    # Its other orders' indexes built, so that the starts below find the library settled.
    pending_indexes_built(run, library)
    again_peak = run.peak_memory_kib()
    run.finish()
    table.figure("  the file changed: the start that imports it again", "s", again, imported, "≤ 1.2x", 1.2, digits=1)
    table.figure("  peak memory while importing it again", "MiB", again_peak / 1024, None, "≤ 100 MiB", 100,
                 absolute=True, digits=1)
    # The same import in a library of its own, killed (SIGKILL) half a second after its first
    # frame: the next start must find the import's rows in the database file, not in a WAL it
    # would read back whole before its first page.
    killed_home = os.path.join(directory, "catalog-import-killed")
    run = PtyProgram([spindle, "--catalog", catalog], term=TERM, data_home=killed_home)
    run.first_frame(b"50 loaded", timeout=900)
    run.read_for(0.5)
    os.kill(run.pid, signal.SIGKILL)
    os.waitpid(run.pid, 0)
    os.close(run.fd)
    shutil.rmtree(run.state_home, ignore_errors=True)
    wal = os.path.join(killed_home, "spindle")
    wal_bytes = sum(os.path.getsize(os.path.join(root, name)) for root, _, names in os.walk(wal)
                    for name in names if name.endswith("-wal"))
    # What the kill left is kept, and each start after it begins from a copy of that; the starts
    # take turns with second starts of the library that was not killed (its C column), so that
    # both medians see the same machine: the kill must cost nothing more.
    left = killed_home + "-left"
    shutil.copytree(wal, left)
    after_kill, beside = [], []
    for _ in range(plan.starts):
        shutil.rmtree(wal)
        shutil.copytree(left, wal)
        after = PtyProgram([spindle, "--catalog", catalog], term=TERM, data_home=killed_home)
        after_kill.append(after.first_frame(b"50 loaded", timeout=60))
        after.finish()
        run = PtyProgram([spindle, "--catalog", catalog], term=TERM, data_home=home)
        beside.append(run.first_frame(b"50 loaded", timeout=60))
        run.finish()
    shutil.rmtree(left, ignore_errors=True)
    table.figure("  start right after the importing run was killed (kill -9), beside a second start", "ms",
                 statistics.median(after_kill) * 1000, statistics.median(beside) * 1000, "≤ 1.2x", 1.2, digits=1)
    table.figure("  its WAL left by the kill", "MiB", wal_bytes / 1048576, digits=1)



def download_figures(table, spindle, directory, options):
    """A title downloaded by the app (`d`, then until the file is stored under its final
    name) from `spindle serve` on loopback, beside curl from the same server in the same run: MB/s,
    the app's CPU per MB (all its threads: the download, the downloads spin, its journal, the
    redraws) and its peak memory (which must not grow with the file's size)."""
    import resource
    import urllib.request
    megabytes = getattr(options, "download_megabytes", None) or (64 if options.quick else 1024)
    home = os.path.join(directory, "download-library")
    media = os.path.join(directory, "download-media")
    os.makedirs(media, exist_ok=True)
    with open(os.path.join(media, "Big Download (2024).mkv"), "wb") as file:
        file.truncate(megabytes << 20)  # sparse: the disk is not what is measured
    # The sparse file is no media ffprobe can read: it is listed, and the scan says it failed (1).
    scanned = subprocess.run([spindle, "scan", media], env=dict(os.environ, XDG_DATA_HOME=home),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if scanned.returncode not in (0, 1):
        raise SystemExit(f"spindle scan {media} ended with {scanned.returncode}:\n{scanned.stderr}")
    process, address, token, config = serving(spindle, home, directory)
    try:
        request = urllib.request.Request(address + "/v1/titles?limit=1", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            title = json.load(answer)["titles"][0]
        url = f"{address}/v1/titles/{title['id']}/video"
        curl = shutil.which("curl")
        curl_rate = curl_cpu_per_mb = None
        if curl:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            # Into a file on the same disk as the app's (writing it is most of either's CPU).
            copy = os.path.join(directory, "curl-download")
            subprocess.run([curl, "-sS", "-o", copy, "-H", f"Authorization: Bearer {token}", url], check=True)
            seconds = time.perf_counter() - started
            os.unlink(copy)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            curl_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            curl_rate = megabytes * 1.048576 / seconds
            curl_cpu_per_mb = curl_cpu * 1000 / (megabytes * 1.048576)
        downloads = os.path.join(directory, "downloads-out")
        run = PtyProgram([spindle, address, "--downloads", downloads], rows=24, columns=100, term=TERM,
                         data_home=os.path.join(directory, "download-client"),
                         env=dict(os.environ, XDG_CONFIG_HOME=config))
        run.read_until(b"Big Download", timeout=30)
        run.read(0.3)
        cpu_before = run.cpu_seconds()
        resident_before = run.resident_kib()
        started = time.perf_counter()
        run.press(b"d", settle=0)
        stored = None
        deadline = time.monotonic() + 300
        while stored is None and time.monotonic() < deadline:
            run.read(0.02)  # the app's redraws must not fill the pty
            for folder, _, files in os.walk(downloads):
                for name in files:
                    path = os.path.join(folder, name)
                    # Stored under the title's name with the source's extension; `.part` while it comes.
                    if name.endswith(".mkv") and os.path.getsize(path) == megabytes << 20:
                        stored = path
        seconds = time.perf_counter() - started
        cpu = run.cpu_seconds() - cpu_before
        peak = run.peak_memory_kib()
        run.finish()
        if stored is None:
            table.note("download by the app", "(did not finish in 300 s)")
            return
        table.figure(f"download of {megabytes:,} MB from spindle serve on loopback, d until stored (beside: curl)", "MB/s",
                     megabytes * 1.048576 / seconds, curl_rate, digits=0)
        table.figure("  CPU per MB downloaded: the whole app (beside: curl)", "ms",
                     cpu * 1000 / (megabytes * 1.048576), curl_cpu_per_mb, digits=2)
        table.figure("  the app's resident memory before the download", "MiB", resident_before / 1024, digits=1)
        table.figure("  the app's peak resident memory while downloading", "MiB", peak / 1024, digits=1)
        os.unlink(stored)
    finally:
        process.terminate()
        process.wait(timeout=30)


def picture_figures(table, spindle, directory, plan):
    """Posters on a folder of `plan.posters` films, each with its own poster.png (a colour of its
    own), drawn as half blocks at 120x40 (`--pictures blocks`), the scan's posters made first:
    per Down key in the grid, the latency to the first byte and the bytes; `i` to the details'
    poster from the cache; idle with pictures on screen; the peak memory once every poster was
    browsed. Skipped without ffmpeg."""
    full = os.path.join(os.path.dirname(spindle), "spindle-full")
    if not (shutil.which("ffmpeg") and os.path.exists(full)):
        table.note("posters", "(skipped: ffmpeg or spindle-full is missing)")
        return
    media = os.path.join(directory, "poster-films")
    clip = os.path.join(directory, "poster-clip.mkv")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "2", clip], check=True)
    # The posters: one ffmpeg run tiles them (a colour per poster), then each is cut out.
    count = plan.posters
    for index in range(count):
        film = os.path.join(media, f"Film {index:04d} (2000)")
        os.makedirs(film, exist_ok=True)
        os.link(clip, os.path.join(film, f"Film {index:04d} (2000).mkv"))
    colours = ["red", "green", "blue", "yellow", "cyan", "magenta", "orange", "purple", "white", "gray"]
    for index in range(count):
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i",
                        f"color=c={colours[index % len(colours)]}:s=200x300,drawbox=x={index % 150}:y=20:w=40:h=40:color=black:t=fill",
                        "-frames:v", "1", os.path.join(media, f"Film {index:04d} (2000)", "poster.png")], check=True)
    cache = os.path.join(directory, "poster-cache")
    state = tempfile.mkdtemp(prefix="bench-posters-")
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    try:
        run = PtyProgram([full, "--pictures", "blocks", media], rows=40, columns=120, term=TERM, env=env, state_home=state)
        start = time.perf_counter()
        run.read_until(b"Film 0000", timeout=120)
        # The scan's posters: made once each, into the cache (the header counts them meanwhile).
        art = os.path.join(cache, "spindle", "art")
        while time.perf_counter() - start < 600:
            run.read(0.5)
            if os.path.isdir(art) and sum(name.endswith("-150x225.rgba") for name in os.listdir(art)) >= count:
                break
        made_s = time.perf_counter() - start
        run.press(b"v", settle=0.5)
        run.read(plan.settle)
        down, up = key_sequence(TERM, "kcud1"), key_sequence(TERM, "kcuu1")
        # Every poster browsed: Down to the end, each screen's cards drawn from the cache.
        for _ in range(count // 8 + 1):
            run.press(down, settle=0.03)
        run.read(0.5)
        peak = run.peak_memory_kib()
        # Then Up and Down by turns over the last screens: the figures of a key on pictures kept.
        latencies, sizes = [], []
        for press in range(plan.presses):
            latency, written = run.press(up if press % 4 < 2 else down, settle=0.01)
            if latency is not None:
                latencies.append(latency * 1000)
            sizes.append(len(written))
        peak = max(peak, run.peak_memory_kib())
        # Idle threads the work left (the cooperative pool's, dispatch's) end within seconds: the
        # window starts after them, so that a thread's end is not counted as fewer wake-ups.
        run.read_for(JOURNAL_SYNC_SECONDS + 5)
        quiet = quiet_window(run, plan.quiet_seconds)
        # The details: from `i` to its poster drawn (the first half block after the key), the
        # picture read from the cache.
        run.output = bytearray()
        details_ms = key_to_marker(run, b"i", "Watched".encode())
        details_ms = key_to_marker(run, b"", "▀".encode()) + details_ms
        run.finish()
        table.figure(f"posters: the scan makes {count:,} (two at a time)", "s", made_s, digits=1)
        table.figure("  Down in the grid 120x40: latency p99", "ms", percentile(latencies, 0.99) if latencies else float("nan"),
                     None, "≤ 16 ms", 16, absolute=True, digits=2)
        table.figure("  Down in the grid: bytes per press", "B", statistics.mean(sizes) if sizes else float("nan"))
        table.figure("  i to the details with the poster, from the cache", "ms", details_ms, None, "≤ 16 ms", 16,
                     absolute=True, digits=1)
        table.figure("  idle with posters on screen: wake-ups per second", "", quiet["wakeups_per_s"], None, "0", 0,
                     absolute=True, digits=1)
        table.figure(f"  peak memory, {count:,} posters browsed", "MiB", peak / 1024, None, "≤ 60 MiB", 60, absolute=True, digits=1)
    finally:
        shutil.rmtree(state, ignore_errors=True)


def scan_rate(full, media, count, directory, label):
    """Files per second of `spindle-full scan` over `media` (`count` files): from the start to
    the log's line that says all of them are read (the posters made after them are not timed:
    the process is ended there). Also the failures the summary would count, from the library."""
    data = tempfile.mkdtemp(prefix=f"bench-scan-{label}-")
    env = dict(os.environ, XDG_DATA_HOME=data, XDG_CACHE_HOME=os.path.join(data, "cache"),
               XDG_STATE_HOME=os.path.join(data, "state"))
    done = f"scanning {count:,} / {count:,}".encode()
    try:
        start = time.perf_counter()
        process = subprocess.Popen([full, "scan", media], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        seconds = None
        try:
            for line in process.stderr:
                if line.strip() == done or line.startswith(b"scanned "):
                    seconds = time.perf_counter() - start
                    break
        finally:
            process.terminate()
            process.wait(timeout=60)
        if seconds is None:
            raise SystemExit(f"spindle scan ({label}) ended before it said it had read {count:,} files")
        return count / seconds
    finally:
        shutil.rmtree(data, ignore_errors=True)


def scan_figures(table, spindle, directory, plan):
    """The first scan of a media folder of `plan.scanned` files: four kinds of media (Matroska
    with tags and chapters, MP4, MP3, MPEG-TS), generated once and linked under many names, and
    three broken files (noise, a cut file, an empty one). With the probe helper beside
    spindle-full (files per second), and with spindle-full alone in a folder of its own, so that
    each file starts an ffprobe. Skipped without ffmpeg."""
    full = os.path.join(os.path.dirname(spindle), "spindle-full")
    helper = os.path.join(os.path.dirname(spindle), "spindle-probe")
    if not (shutil.which("ffmpeg") and os.path.exists(full)):
        table.note("scan", "(skipped: ffmpeg or spindle-full is missing)")
        return
    sources = os.path.join(directory, "scan-sources")
    os.makedirs(sources, exist_ok=True)
    clip = os.path.join(sources, "clip.mkv")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=24:duration=4",
                    "-f", "lavfi", "-i", "sine=duration=4", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
                    "-metadata", "title=Clip", "-metadata", "date=2001", clip], check=True)
    kinds = {"mkv": clip}
    for extension, arguments in [("mp4", ["-c", "copy"]), ("ts", ["-c", "copy"]), ("mp3", ["-vn", "-c:a", "libmp3lame"])]:
        kinds[extension] = os.path.join(sources, f"clip.{extension}")
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", clip] + arguments + [kinds[extension]], check=True)
    count = plan.scanned
    media = os.path.join(directory, "scan-media")
    extensions = sorted(kinds)
    for index in range(count - 3):
        extension = extensions[index % len(extensions)]
        folder = os.path.join(media, f"Show {index // 100:02d}", f"Season {index // 20 % 5 + 1}")
        os.makedirs(folder, exist_ok=True)
        os.link(kinds[extension], os.path.join(folder, f"Show {index // 100:02d} S{index // 20 % 5 + 1:02d}E{index % 20 + 1:02d}.{extension}"))
    with open(os.path.join(media, "noise.mkv"), "wb") as broken:
        broken.write(bytes((index * 7919 + 13) % 256 for index in range(4096)))
    with open(clip, "rb") as whole, open(os.path.join(media, "cut.mkv"), "wb") as cut:
        cut.write(whole.read(2000))
    open(os.path.join(media, "empty.mkv"), "wb").close()

    rate = scan_rate(full, media, count, directory, "helper") if os.path.exists(helper) else None
    alone = os.path.join(directory, "scan-alone")
    os.makedirs(alone, exist_ok=True)
    try:
        os.link(full, os.path.join(alone, "spindle-full"))
    except OSError:  # another file system
        shutil.copy2(full, os.path.join(alone, "spindle-full"))
    ffprobe_rate = scan_rate(os.path.join(alone, "spindle-full"), media, count, directory, "ffprobe")
    if rate is None:
        table.note(f"scan of {count:,} files with the probe helper", "(skipped: spindle-probe was not built)")
        table.figure(f"  the same, ffprobe per file", "files/s", ffprobe_rate, digits=0)
        return
    table.figure(f"first scan of {count:,} media files, probe helper (beside: ffprobe per file)", "files/s", rate,
                 ffprobe_rate, "≥ 300 files/s", 300, absolute=True, digits=0, higher_is_better=True)


def spin_benchmark(binary, quick):
    """The Spin benchmark's rows: (scenario, spin ns/event, bare loop ns/event)."""
    output = subprocess.run([binary] + (["--quick"] if quick else []), capture_output=True,
                            text=True, check=True, timeout=600).stdout
    rows = []
    journal = None
    for line in output.splitlines():
        found = re.match(r"^journal: ([\d.]+) µs per event, (\d+) bytes after (\d+) events", line)
        if found:
            journal = (float(found.group(1)), int(found.group(2)), int(found.group(3)))
        match = re.match(r"^(\(\w\) .*?)\s{2,}([\d.]+)\s+([\d.]+)\s+[\d.]+x", line)
        if match:
            rows.append((match.group(1), float(match.group(2)), float(match.group(3))))
    if not rows:
        raise SystemExit(f"no figures in the Spin benchmark's output:\n{output}")
    return rows, journal


def installed_sizes(table, spindle, full):
    """The two binaries as `make install` installs them (scripts/install.sh): stripped, their
    debug information and symbol tables apart (`objcopy --strip-all`); and what spindle-full's
    installed bytes are: code, read-only data and, of it, ICU's data (the items the app reads,
    scripts/icu-data.py; the full Foundation that GRDB imports would bring 34 MB), and the
    symbols that went apart."""
    objcopy = shutil.which("objcopy") or shutil.which("llvm-objcopy")
    if objcopy is None:
        table.note("installed sizes", "skipped: no objcopy")
        return

    def sections_of(binary):
        """Every section, the ones not loaded (the symbols) too: name and size."""
        sections = {}
        listing = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
        for line in listing.splitlines():
            match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", line)
            if match:
                sections[match.group(1)] = sections.get(match.group(1), 0) + int(match.group(2), 16)
        return sections
    with tempfile.TemporaryDirectory() as directory:
        for name, binary in [("spindle", spindle), ("spindle-full", full)]:
            installed = os.path.join(directory, name)
            subprocess.run([objcopy, "--strip-all", binary, installed], check=True)
            if name == "spindle":
                table.figure("installed (stripped; debug information and symbols apart): spindle", "MB",
                             os.path.getsize(installed) / 1e6, digits=1)
                continue
            table.figure("  spindle-full", "MB", os.path.getsize(installed) / 1e6, None, "≤ 50 MB", 50, absolute=True, digits=1)
            sections = sections_of(installed)
            code = sum(size for section, size in sections.items() if section.startswith(".text"))
            table.figure("    its code (.text)", "MB", code / 1e6, digits=1)
            table.figure("    its read-only data (.rodata)", "MB", sections.get(".rodata", 0) / 1e6, digits=1)
            # ICU's data, one symbol, read from the binary as built: the object scripts/icu-data.py
            # makes (__wrap_icudtNN_dat), or ICU's whole package (icudtNN_dat) without it.
            icu = 0
            for line in subprocess.run(["nm", "-S", binary], capture_output=True, text=True).stdout.splitlines():
                parts = line.split()
                if len(parts) == 4 and re.fullmatch(r"(__wrap_)?icudt\d+_dat", parts[3]):
                    icu = max(icu, int(parts[1], 16))
            table.figure("      of it ICU's data (the items the app reads)", "MB", icu / 1e6, digits=1)
            built = sections_of(binary)
            table.figure("    symbols, installed apart (.symtab, .strtab)", "MB",
                         (built.get(".symtab", 0) + built.get(".strtab", 0)) / 1e6, digits=1)


def pending_indexes_built(run, library, timeout=300):
    """Seconds from the start of `run` until its library lists no index left to build after the
    import's commit (`pending_index`), looked at every 20 ms on a read-only connection of its own;
    None if that never comes."""
    import sqlite3
    deadline = time.perf_counter() + timeout
    connection = sqlite3.connect(f"file:{library}?mode=ro", uri=True, timeout=5)
    try:
        while time.perf_counter() < deadline:
            # Every row fetched, so that the statement ends and holds no snapshot of the WAL,
            # which the app's checkpoint after each index would wait for.
            if connection.execute("SELECT count(*) FROM pending_index").fetchall()[0][0] == 0:
                return time.perf_counter() - run.started
            run.read_for(0.02)
    finally:
        connection.close()
    return None


def sqlite_cli_import_s(library, directory):
    """The sqlite3 command line's own way to load the same rows into the same schema, in pages
    of the same size: the catalog's titles of `library` (an imported catalog's database)
    written as CSV, then timed:
    `.import` into a table of the title's columns, the rows copied into an empty `title` (CSV has
    no NULL: an empty field becomes one), then every index of `title`, the search index built in
    one pass and its triggers, all in one transaction. Seconds, or None without sqlite3."""
    sqlite3 = shutil.which("sqlite3")
    if sqlite3 is None:
        return None
    def sql(database, text):
        return subprocess.run([sqlite3, database], input=text, capture_output=True, text=True, check=True).stdout
    schema = json.loads(sql(library, ".mode json\nSELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL "
                                     "AND name NOT LIKE 'title_search_%' ORDER BY rowid;\n") or "[]")
    columns = [row["name"] for row in json.loads(sql(library, ".mode json\nSELECT name FROM pragma_table_info('title');\n"))]
    # The library's page size too: the same file, made by the command line's own tools.
    page_size = int(sql(library, "PRAGMA page_size;\n").strip())
    rows = os.path.join(directory, "cli-rows.csv")
    subprocess.run([sqlite3, "-csv", library, f"SELECT {', '.join(columns)} FROM title WHERE line IS NOT NULL"],
                   stdout=open(rows, "w"), check=True)
    tables = [entry["sql"] for entry in schema if entry["type"] == "table"]
    later = [entry["sql"] for entry in schema if entry["type"] in ("index", "trigger")]
    search = [entry["sql"] for entry in schema if entry["type"] == "table" and "fts5" in entry["sql"].lower()]
    tables = [table for table in tables if table not in search]
    nullable = ", ".join(f"NULLIF({column}, '')" for column in columns)
    script = "\n".join([f"PRAGMA page_size = {page_size};", "BEGIN;"] + [f"{statement};" for statement in tables]
                        + [f"CREATE TEMP TABLE staging ({', '.join(columns)});",
                           f".import --csv {rows} staging",
                           f"INSERT INTO title SELECT {nullable} FROM staging;",
                           "DROP TABLE staging;"]
                        + [f"{statement};" for statement in search + later]
                        + ["INSERT INTO title_search(title_search) VALUES ('rebuild');", "COMMIT;",
                           "SELECT count(*) FROM title;", ""])
    database = os.path.join(directory, "cli-import.sqlite")
    start = time.perf_counter()
    counted = sql(database, script)
    seconds = time.perf_counter() - start
    os.unlink(rows)
    os.unlink(database)
    if int(counted.split()[-1]) <= 0:
        raise SystemExit("the sqlite3 command line imported no rows")
    return seconds


def generate_catalog(spindle, path, count):
    subprocess.run([spindle, "--generate-catalog", str(count), "--catalog", path], check=True)


class Table:
    """One line per figure: Spindle, C, their ratio, and the target (judged on a full run)."""

    def __init__(self, judge):
        self.lines, self.judge = [], judge

    def figure(self, name, unit, spindle, c=None, target=None, limit=None, absolute=False, digits=0,
               higher_is_better=False):
        """`limit` is the largest acceptable ratio (or, with `absolute`, value); with
        `higher_is_better`, the smallest."""
        ratio = spindle / c if c else None
        verdict = ""
        if limit is not None and self.judge:
            judged = spindle if absolute else ratio
            if judged is not None:
                verdict = "ok" if (judged >= limit if higher_is_better else judged <= limit) else "MISSED"
        self.lines.append((name, f"{spindle:,.{digits}f} {unit}".strip(),
                           "" if c is None else f"{c:,.{digits}f} {unit}".strip(),
                           "" if ratio is None else f"{ratio:.2f}x",
                           f"{target or ''} {verdict}".strip() if self.judge else ""))

    def note(self, name, text):
        self.lines.append((name, text, None, None, None))

    def print(self):
        header = ("figure", "Spindle", "C", "ratio", "target")
        rows = [line for line in self.lines if line[2] is not None]
        widths = [max(len(row[i]) for row in rows + [header]) for i in range(5)]
        def format_row(row):
            return (f"  {row[0].ljust(widths[0])}  {row[1].rjust(widths[1])}  {row[2].rjust(widths[2])}"
                    f"  {row[3].rjust(widths[3])}  {row[4]}").rstrip()
        print(format_row(header))
        for line in self.lines:
            print(format_row(line) if line[2] is not None else f"  {line[0].ljust(widths[0])}  {line[1]}")


def machine_description():
    model = ""
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            model = next((line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), "")
    except OSError:
        pass
    load = os.getloadavg()[0]
    return f"{platform.node()}, {os.cpu_count()} cores{', ' + model if model else ''}, load {load:.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spindle", required=True, help="the spindle binary")
    parser.add_argument("--yardstick", required=True, help="the C yardstick binary")
    parser.add_argument("--spin-benchmark", required=True, help="the SpinBenchmark binary")
    parser.add_argument("--library-benchmark", help="the LibraryBenchmark binary (the library's paging figures)")
    parser.add_argument("--quick", action="store_true", help="a tiny round: checks the benchmark runs")
    options = parser.parse_args()
    plan = Round.make(options.quick)
    spindle = os.path.abspath(options.spindle)

    print(f"Spindle vs the C yardstick on {machine_description()}, {datetime.now():%Y-%m-%d %H:%M}"
          + (" [quick round: a smoke check, figures not judged]" if options.quick else ""))
    table = Table(judge=not options.quick)
    with tempfile.TemporaryDirectory() as directory:
        catalog = os.path.join(directory, "embedded.jsonl")
        generate_catalog(spindle, catalog, EMBEDDED_TITLES)
        # A page size larger than the presses, so the key figures measure keys, not page loads.
        programs = [
            Program("Spindle", [spindle, "--latency", "0", "--page-size", "1000"], b"1,000 loaded"),
            Program("C", [os.path.abspath(options.yardstick), catalog], f"{EMBEDDED_TITLES} titles".encode()),
        ]

        # The first frame as a user gets it: the default page of 50 (the key figures below use
        # a page of 1,000, so that they measure keys, not page loads).
        first_page = Program("Spindle", [spindle, "--latency", "0"], b"50 loaded")
        starts = [first_frame_ms(program, plan.starts) for program in [first_page, programs[1]]]
        table.figure("start to first complete frame", "ms", *starts, "≤ 2x", 2, digits=1)
        # Resuming beside a fresh start of the same page size (its C column): the journal's
        # pages of 1,000 titles are what a resume reads.
        resumed = resumed_start(programs[0], plan.starts, plan.settle)
        table.figure("  resuming a saved session (pages of 1,000), beside a fresh start", "ms", resumed["resumed"][0],
                     resumed["fresh"][0], "≤ 1.2x", 1.2, digits=1)
        table.figure("    its peak memory, beside a fresh start's", "MiB", resumed["resumed"][1] / 1024,
                     resumed["fresh"][1] / 1024, "≤ 1.2x", 1.2, digits=1)
        key_echo = Program("Spindle --key-echo", [spindle, "--key-echo"], b"Press keys")
        c_echo = Program("C", [os.path.abspath(options.yardstick), catalog], f"{EMBEDDED_TITLES} titles".encode())
        table.figure("  spindle --key-echo (no catalog)", "ms", first_frame_ms(key_echo, plan.starts),
                     first_frame_ms(c_echo, plan.starts), "≤ 2x", 2, digits=1)

        memories = [memory_after_first_frame(program, plan.settle) for program in [first_page, programs[1]]]
        echo_memory = memory_after_first_frame(key_echo, plan.settle)
        table.figure("memory after the first frame: peak resident (VmHWM)", "MiB", memories[0]["peak"] / 1024,
                     memories[1]["peak"] / 1024, "≤ 10 MiB", 10, absolute=True, digits=1)
        for key, label in [("rss", "resident (RSS)"), ("pss", "proportional (PSS)"), ("uss", "private (USS)")]:
            table.figure(f"  {label}", "MiB", memories[0][key] / 1024, memories[1][key] / 1024, digits=1)
        for key, label in [("peak", "peak resident"), ("rss", "resident (RSS)"), ("pss", "proportional (PSS)"),
                           ("uss", "private (USS)")]:
            table.figure(f"  --key-echo: {label}", "MiB", echo_memory[key] / 1024, digits=1)
        table.figure("binary size", "KiB", os.path.getsize(spindle) / 1024,
                     os.path.getsize(os.path.abspath(options.yardstick)) / 1024)
        full = os.path.join(os.path.dirname(spindle), "spindle-full")
        if os.path.exists(full):
            table.figure("  spindle-full (with the library: SQLite, GRDB, Foundation)", "KiB", os.path.getsize(full) / 1024)
            installed_sizes(table, spindle, full)

        for rows, columns in [(24, 80), (60, 200)]:
            label = f"Down {columns}x{rows}"
            spindle_keys, c_keys = (down_keys(program, rows, columns, plan.presses, plan.settle)
                                    for program in programs)
            table.figure(f"{label}: latency median", "µs", spindle_keys["latency_median_us"],
                         c_keys["latency_median_us"], "≤ 2x", 2)
            table.figure(f"{label}: latency p99", "µs", spindle_keys["latency_p99_us"], c_keys["latency_p99_us"])
            table.figure(f"{label}: bytes per press", "B", spindle_keys["bytes_per_key"],
                         c_keys["bytes_per_key"], "≤ 1.2x", 1.2, digits=1)
            table.figure(f"{label}: CPU per press", "µs", spindle_keys["cpu_per_key_us"],
                         c_keys["cpu_per_key_us"], "≤ 2x", 2)

        typing = typing_search(programs[0], 2 if options.quick else 10, plan.settle)
        table.figure("typing a search over 5,000 titles: CPU per key", "µs", typing["cpu_per_key_us"],
                     None, "< 16,667 µs (a frame)", 16_667, absolute=True)
        table.figure("typing a search: latency median", "µs", typing["latency_median_us"])

        spindle_idle, c_idle = (idle(program, plan.quiet_seconds, plan.settle) for program in programs)
        table.figure("idle on the list: CPU per second", "ms", spindle_idle["cpu_ms_per_s"],
                     c_idle["cpu_ms_per_s"], digits=2)
        table.figure("idle on the list: wake-ups per second", "", spindle_idle["wakeups_per_s"],
                     c_idle["wakeups_per_s"], "0", 0, absolute=True, digits=1)
        table.figure("idle on the list: bytes per second", "B", spindle_idle["bytes_per_s"], c_idle["bytes_per_s"])

        hidden, visible = playing(programs[0], plan)
        for label, figures in [("HUD hidden", hidden), ("HUD visible", visible)]:
            table.figure(f"playing, {label}: CPU per second", "ms", figures["cpu_ms_per_s"], digits=2)
            table.figure(f"playing, {label}: wake-ups per second", "", figures["wakeups_per_s"], digits=1)
            table.figure(f"playing, {label}: bytes per second", "B", figures["bytes_per_s"])

        real = real_playback(spindle, directory, plan)
        if real is None:
            table.note("playing in mpv", "(skipped: mpv or ffmpeg is not installed)")
        else:
            table.figure("playing in mpv: Enter to the media's first position shown", "ms", real["loaded_ms"], digits=1)
            table.figure("  Enter to the position 0:01", "ms", real["first_second_ms"], digits=1)
            table.figure("  s to the seek past the intro landed", "ms", real["skip_ms"], digits=1)
            for label, figures in [("HUD visible", real["visible"]), ("HUD hidden", real["hidden"])]:
                table.figure(f"  {label}: Spindle's CPU per second", "ms", figures["cpu_ms_per_s"], digits=2)
                table.figure(f"  {label}: wake-ups per second", "", figures["wakeups_per_s"], digits=1)

        count = plan.paged_titles
        big = os.path.join(directory, "big.jsonl")
        generate_catalog(spindle, big, count)
        paged = paging(spindle, big, count, plan.settle)
        table.figure(f"page through {count:,} titles (PageDown, a screen at a time)", "s", paged["paging_s"], digits=1)
        table.figure("  a PageDown", "ms", paged["paging_s"] * 1000 / max(1, paged["keys"]), digits=2)
        table.figure("  peak resident memory", "MiB", paged["peak_kib"] / 1024, digits=1)
        # The list keeps a bounded window of titles, so the growth levels off.
        table.figure("  memory per title paged through", "B", paged["bytes_per_item"], target="≤ 100 B", limit=100, absolute=True)

        library_figures(table, spindle, directory, options, plan)
        download_figures(table, spindle, directory, options)
        scan_figures(table, spindle, directory, plan)
        picture_figures(table, spindle, directory, plan)

        config_ms, config_kib, config_lines = hostile_config(spindle, directory, plan.starts)
        table.figure("spindle config, 16,000 nested inline tables: slowest run", "ms", config_ms, None, "≤ 50 ms", 50,
                     absolute=True, digits=1)
        table.figure("  peak memory", "MiB", config_kib / 1024, None, "≤ 20 MiB", 20, absolute=True, digits=1)
        table.figure("  lines it prints", "", len(config_lines), None, "1", 1, absolute=True)

    table.note("Spin runtime, per event", "(C column: a bare loop calling the same reducer)")
    rows, journal = spin_benchmark(options.spin_benchmark, options.quick)
    for scenario, spin_ns, bare_ns in rows:
        table.figure(f"  {scenario}", "ns", spin_ns, bare_ns, digits=1)
    if journal:
        microseconds, size, events = journal
        table.figure("  journal: cost per event (one write each)", "µs", microseconds, digits=2)
        table.figure(f"  journal: file size after {events:,} events", "KiB", size / 1024, digits=1)
    table.print()


if __name__ == "__main__":
    main()
