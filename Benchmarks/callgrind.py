"""Instructions per Down key, counted by valgrind's callgrind: repeatable where timings are not.

    python3 Benchmarks/callgrind.py --spindle .build/release/spindle --yardstick .build/yardstick \\
        [--presses 200] [--size 80x24] [--key down|pagedown] [--keep DIR]

Runs each program twice under callgrind inside the pseudo-terminal (with no key, then with
`--presses` Down keys, or PageDown keys: keep those under 45, or the list loads its next page)
and prints the difference divided by the presses: what one key costs, start-up excluded. With
--keep, the profiles stay in DIR for `callgrind_annotate` (`--inclusive=yes` shows where a
key's instructions go).

Valgrind 3.19 cannot read the DWARF 5 debug information Swift emits, so Spindle runs from a
copy stripped of it (symbols stay, so functions are still named).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(__file__))
from ptyrun import PtyProgram, key_sequence  # noqa: E402

TERM = "xterm-256color"


KEYS = {"down": ("kcud1", "Down"), "pagedown": ("knp", "PageDown")}


def profile(argv, ready, presses, rows, columns, output, key="down"):
    run = PtyProgram([shutil.which("valgrind") or "/usr/bin/valgrind", "--tool=callgrind", f"--callgrind-out-file={output}"] + argv,
                     rows=rows, columns=columns, term=TERM)
    run.read_until(ready, timeout=120)
    run.read(1.0)
    sequence = key_sequence(TERM, KEYS[key][0])
    for _ in range(presses):
        run.press(sequence, settle=0.03)
    run.read(0.5)
    run.finish(timeout=60)
    with open(output) as profile_file:
        for line in profile_file:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit(f"no totals in {output}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spindle", required=True)
    parser.add_argument("--yardstick", required=True)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--key", choices=sorted(KEYS), default="down")
    parser.add_argument("--keep", help="a directory to keep the profiles in")
    options = parser.parse_args()
    columns, rows = (int(part) for part in re.split("x", options.size))
    directory = options.keep or tempfile.mkdtemp()
    os.makedirs(directory, exist_ok=True)
    try:
        spindle = os.path.join(directory, "spindle")
        shutil.copy(options.spindle, spindle)
        subprocess.run(["strip", "--strip-debug", spindle], check=True)
        catalog = os.path.join(directory, "embedded.jsonl")
        subprocess.run([spindle, "--generate-catalog", "5000", "--catalog", catalog], check=True)
        programs = [
            ("Spindle", [spindle, "--latency", "0", "--page-size", "1000"], b"1,000 loaded"),
            ("C", [os.path.abspath(options.yardstick), catalog], b"5000 titles"),
        ]
        per_key = {}
        for name, argv, ready in programs:
            counts = [profile(argv, ready, presses, rows, columns,
                              os.path.join(directory, f"{name.lower()}.{presses}.callgrind"), options.key)
                      for presses in (0, options.presses)]
            per_key[name] = (counts[1] - counts[0]) / options.presses
        print(f"instructions per {KEYS[options.key][1]} key at {options.size} ({options.presses} presses):")
        for name, count in per_key.items():
            print(f"  {name:8} {count:12,.0f}")
        print(f"  ratio    {per_key['Spindle'] / per_key['C']:12.2f}x")
        if options.keep:
            print(f"profiles in {directory}: callgrind_annotate --inclusive=yes {directory}/spindle.{options.presses}.callgrind")
    finally:
        if not options.keep:
            shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
