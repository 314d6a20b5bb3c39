"""make bench: what a user feels, measured on the real binary under a pseudo-terminal.

    python3 Benchmarks/bench.py --spindle .build/release/spindle [--quick]
"""
import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import date

sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import PtyProgram, key_sequence  # noqa: E402

TERM = "xterm-256color"


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def down_keys(argv, rows, columns, presses, ready_marker):
    """Latency to the first byte, bytes and CPU per Down key, after the first frame."""
    program = PtyProgram(argv, rows=rows, columns=columns, term=TERM)
    first_frame = program.read_until(ready_marker) + 0.0
    program.read(0.2)
    down = key_sequence(TERM, "kcud1")
    cpu_before = program.cpu_seconds()
    latencies, sizes = [], []
    for _ in range(presses):
        latency, written = program.press(down, settle=0.005)
        if latency is not None:
            latencies.append(latency)
        sizes.append(len(written))
    cpu = program.cpu_seconds() - cpu_before
    program.finish()
    return {
        "first_frame_ms": first_frame * 1000,
        "latency_median_us": statistics.median(latencies) * 1e6,
        "latency_p99_us": percentile(latencies, 0.99) * 1e6,
        "bytes_per_key": statistics.mean(sizes),
        "cpu_per_key_us": cpu / presses * 1e6,
    }


def idle(argv, seconds, ready_marker):
    """CPU time and wake-ups while nothing happens."""
    program = PtyProgram(argv, term=TERM)
    program.read_until(ready_marker)
    program.read(0.5)
    cpu_before, switches_before = program.cpu_seconds(), program.context_switches()
    quiet = program.read(seconds)
    cpu = program.cpu_seconds() - cpu_before
    switches = program.context_switches() - switches_before
    program.finish()
    return {"idle_cpu_ms_per_s": cpu / seconds * 1000, "idle_wakeups_per_s": switches / seconds,
            "idle_bytes": len(quiet)}


def paging(spindle, count, quick):
    """Pages through `count` titles of a generated JSON Lines catalog with End."""
    with tempfile.TemporaryDirectory() as directory:
        catalog = os.path.join(directory, "big.jsonl")
        os.spawnv(os.P_WAIT, spindle, [spindle, "--generate-catalog", str(count), "--catalog", catalog])
        program = PtyProgram([spindle, "--catalog", catalog, "--latency", "0"], term=TERM)
        program.read_until(b"50 loaded", timeout=60)
        program.read(0.2)
        resident_before = program.resident_kib()
        end = key_sequence(TERM, "kend")
        marker = f"{count} titles".encode()
        start = time.perf_counter()
        while marker not in program.output[-4000:]:
            program.press(end, settle=0.0)
            if time.perf_counter() - start > (60 if quick else 600):
                raise TimeoutError("paging took too long")
        elapsed = time.perf_counter() - start
        program.read(0.1)
        peak, resident = program.peak_memory_kib(), program.resident_kib()
        program.finish()
    return {"paging_s": elapsed, "peak_kib": peak,
            "bytes_per_item": (resident - resident_before) * 1024 / count}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--spindle", required=True)
    parser.add_argument("--quick", action="store_true", help="a tiny round: checks the benchmark runs")
    options = parser.parse_args()
    presses = 20 if options.quick else 500
    spindle = os.path.abspath(options.spindle)
    # A page size larger than the presses, so the key figures measure keys, not page loads.
    browse = [spindle, "--latency", "0", "--page-size", "1000"]
    marker = b"1000 loaded"

    print(f"Spindle benchmark on {platform.node()} ({os.cpu_count()} cores), {date.today()}"
          + (" [quick]" if options.quick else ""))
    rows = []
    for rows_, columns in [(24, 80), (60, 200)]:
        result = down_keys(browse, rows_, columns, presses, marker)
        label = f"{columns}x{rows_}"
        if (rows_, columns) == (24, 80):
            rows.append(("start to first complete frame", f"{result['first_frame_ms']:.1f} ms"))
        rows.append((f"Down {label}: latency median / p99", f"{result['latency_median_us']:.0f} / {result['latency_p99_us']:.0f} µs"))
        rows.append((f"Down {label}: bytes per press", f"{result['bytes_per_key']:.1f} B"))
        rows.append((f"Down {label}: CPU per press", f"{result['cpu_per_key_us']:.0f} µs"))
    quiet = idle(browse, 1 if options.quick else 10, marker)
    rows.append(("idle on the list: CPU", f"{quiet['idle_cpu_ms_per_s']:.2f} ms/s"))
    rows.append(("idle on the list: wake-ups, bytes written", f"{quiet['idle_wakeups_per_s']:.1f}/s, {quiet['idle_bytes']} B"))
    count = 2_000 if options.quick else 100_000
    paged = paging(spindle, count, options.quick)
    rows.append((f"page through {count:,} titles (End, 50 a page)", f"{paged['paging_s']:.1f} s"))
    rows.append(("  peak resident memory", f"{paged['peak_kib'] / 1024:.1f} MiB"))
    rows.append(("  memory per loaded title", f"{paged['bytes_per_item']:.0f} B"))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"  {name.ljust(width)}  {value}")


if __name__ == "__main__":
    main()
