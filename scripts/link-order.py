"""Writes .build/layout/spindle.order: the functions `spindle` runs to move the highlight, then the
rest of those it runs from its start to the first frame, then those a few other keys run, for
the linker to lay out side by side. The file is generated, never committed: every target that
builds the release binary (`make run`, `make release`, `make bench`...) asks `--check` first and,
when the order is missing or stale, installs valgrind, runs this script and links again.

    python3 scripts/link-order.py --spindle .build/release/spindle [--output FILE]
    python3 scripts/link-order.py --spindle .build/release/spindle --check   (exit 1: missing or stale)
    make link-order        (profiles again now, whatever --check says)

Why: the kernel maps a program's code a 64 KiB window at a time, around each page it touches.
Laid out as the compiler left them, the few hundred KiB that a start runs are spread over the
whole 10 MB of code, and a start ends with 8 MB of it resident. Listed first, in this order, they
fill a few windows (docs/performance.md, "Start-up: the code laid out in the order it runs").

How: callgrind (valgrind) runs the binary in a pseudo-terminal four times: once to its first
frame and `q`; once with moves of the highlight, counted from after the first frame; once with
keys (moves, a search, the help); once resuming a saved session (three screens down and a
search). Every function that ran is listed, those of a move first (a key's code in fewer
pages), then the start's, then what resuming adds. Then every protocol conformance descriptor (`…Mc`): the Swift runtime's first
conformance look-up reads all of them, and the compiler leaves them scattered among the other
constants. Several files can each have a local symbol of the same name (a specialization, an
outlined copy); the linker pulls all of them forward, so such a name is listed only when all of
them together are small (4 KiB). Functions with no symbol at all are gathered by
scripts/link/spindle.ld instead. A stale list costs only memory: a function missing from it is
laid out where it would have been anyway. It is stale when any name it lists is not in the
binary (a rename, a function gone): new code on the start's path that renames nothing does not
make it stale, so `make link-order` profiles again on demand.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Benchmarks"))
from ptyrun import PtyProgram, key_sequence  # noqa: E402
from elf_symbols import defined_symbols, order_problem, ORDER  # noqa: E402

TERM = "xterm-256color"
READY = b"50 loaded"


def profile(binary, keys, output, after_start=False, state_home=None):
    """The names of the functions of `binary` that ran, from start to `q` after `keys`; with
    `after_start`, only those that ran after the first frame (the counts are zeroed there).
    `state_home`: where the session is kept (by default a new one: a fresh start)."""
    valgrind = shutil.which("valgrind") or "/usr/bin/valgrind"
    run = PtyProgram([valgrind, "--tool=callgrind", "--dump-instr=no", "--compress-strings=no",
                      "--demangle=no", f"--callgrind-out-file={output}", binary, "--latency", "0"], term=TERM,
                     state_home=state_home)
    run.read_until(READY, timeout=120)
    run.read(1.0)
    if after_start:
        # A first key warms what runs once (the journal's opening, a first page's caches).
        run.press(keys[0], settle=0.3)
        run.read(1.0)
        subprocess.run([shutil.which("callgrind_control") or "/usr/bin/callgrind_control", "--zero", str(run.pid)],
                       check=True, capture_output=True)
    for key in keys:
        run.press(key, settle=0.3)
    run.read(0.5)
    run.finish(timeout=60)
    names, current = [], None
    with open(output) as profile_file:
        for line in profile_file:
            if line.startswith("ob="):
                current = line[3:].strip()
            elif line.startswith("fn=") and current == binary:
                # callgrind marks a function's recursive entries with '2, '3...
                names.append(line[3:].strip().split("'")[0])
    if not names:
        raise SystemExit(f"callgrind saw no function of {binary}")
    return names


def saved_session(binary, directory):
    """A state home holding a session to resume: three screens down, a search applied."""
    state_home = os.path.join(directory, "state")
    os.makedirs(state_home)
    run = PtyProgram([binary, "--latency", "0"], term=TERM, state_home=state_home)
    run.read_until(READY, timeout=60)
    for key in [key_sequence(TERM, "knp")] * 3 + [b"/", b"t", b"h", b"e", b"\r"]:
        run.press(key, settle=0.3)
    run.finish(timeout=60)
    return state_home


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spindle", required=True, help="the release binary")
    parser.add_argument("--output", default=ORDER, help=f"the order to write (default {os.path.relpath(ORDER)})")
    parser.add_argument("--check", action="store_true",
                        help="write nothing: exit 1, saying why, when the order is missing or stale for this binary")
    options = parser.parse_args()
    if options.check:
        problem = order_problem(options.output, options.spindle)
        if problem:
            print(f"link order: {problem}: profiling the release binary's start (valgrind, about a minute)")
        sys.exit(1 if problem else 0)
    with tempfile.TemporaryDirectory() as directory:
        # Valgrind 3.19 cannot read the DWARF 5 that Swift emits: profile a copy without it.
        binary = os.path.join(directory, "spindle")
        shutil.copy(options.spindle, binary)
        subprocess.run(["strip", "--strip-debug", binary], check=True)
        symbols = defined_symbols(binary)
        copies, sizes = Counter(), Counter()  # local symbols of two files can share a name
        for _, _, name, size in symbols:
            copies[name] += 1
            sizes[name] += size
        conformances = [name for _, kind, name, _ in symbols if kind in "dDrR" and name.endswith("Mc")]
        down, page_down = key_sequence(TERM, "kcud1"), key_sequence(TERM, "knp")
        start = profile(binary, [], os.path.join(directory, "start.out"))
        up = key_sequence(TERM, "kcuu1")
        moves = profile(binary, [down, down, up, page_down, down, up] * 3,
                        os.path.join(directory, "moves.out"), after_start=True)
        keys = [down, down, down, page_down, key_sequence(TERM, "kend"), key_sequence(TERM, "khome"),
                b"/", b"a", b"b", b"\x7f", b"\x7f", b"\x1b", b"?", b"\x1b", b"i", b"\x1b"]
        used = profile(binary, keys, os.path.join(directory, "keys.out"))
        resumed = profile(binary, [], os.path.join(directory, "resumed.out"), state_home=saved_session(binary, directory))
    # First what a move of the highlight runs (a key's code in a few dense pages, not spread
    # among the start's: fewer cache lines and TLB entries per key), then the rest of the start,
    # then what a start that resumes a session adds (reading the journal), then the other keys'. Each group sorted by name: callgrind lists functions in no stable
    # order, and a sorted list changes by a few lines when the code does.
    order, seen = [], set()
    groups = [set(moves), set(start) - set(moves), set(resumed) - set(start) - set(moves),
              set(used) - set(resumed) - set(start) - set(moves)]
    for name in [name for group in groups for name in sorted(group)] + sorted(conformances):
        if name not in seen and (copies[name] == 1 or 0 < sizes[name] <= 4096):
            seen.add(name)
            order.append(name)
    os.makedirs(os.path.dirname(os.path.abspath(options.output)), exist_ok=True)
    with open(options.output + ".new", "w") as output:
        output.write("\n".join(order) + "\n")
    os.replace(options.output + ".new", options.output)  # whole or not at all
    functions = len(set(start + used + moves + resumed))
    print(f"{os.path.relpath(options.output)}: {len(order)} symbols: the functions that ran ({len(set(moves))} of {functions} "
          f"in a move of the highlight, {len(set(start))} in the start, {len(set(resumed) - set(start))} more to resume a session) and {len(set(conformances))} conformance descriptors; "
          f"{functions + len(set(conformances)) - len(order)} left out (not unique, or not named)")


if __name__ == "__main__":
    main()
