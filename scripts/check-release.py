"""Checks that the release binary `make run` builds is laid out as the Makefile asks, and says what
its start costs. Run by `make release`:

    python3 scripts/check-release.py --spindle .build/release/spindle

Fails, with what to do, when:
- libstdc++ is loaded as a shared library (scripts/link/libstdc++.so was not found first);
- the relative relocations are not packed (no .relr.dyn);
- the link order that `make release` generates (.build/layout/spindle.order, scripts/link-order.py)
  is missing or stale for this binary (any of its names gone), or the functions it
  lists are not laid out in that order.
Prints the first frame's time and the memory after it, as `make bench` measures them; those are
figures for a benchmark, not checked here.
"""
import argparse
import glob
import os
import subprocess
import sys
from collections import Counter

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Benchmarks"))
from ptyrun import PtyProgram  # noqa: E402
from elf_symbols import defined_symbols, listed_names, order_problem, ORDER  # noqa: E402


def run(*argv):
    return subprocess.run(argv, capture_output=True, text=True, check=True).stdout


def text_section(binary):
    for line in run("readelf", "-SW", binary).splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 5 and parts[1] == ".text":
            return int(parts[3], 16), int(parts[5], 16)
    raise SystemExit(f"{binary} has no .text section")


def layout_problems(binary, order):
    problems = []
    needed = run("readelf", "-dW", binary)
    if "libstdc++" in needed:
        problems.append("libstdc++ is loaded as a shared library: scripts/link/libstdc++.so was not used")
    if ".relr.dyn" not in run("readelf", "-SW", binary):
        problems.append("the relocations are not packed (no .relr.dyn): was it linked by lld with -z pack-relative-relocs?")
    symbols = defined_symbols(binary)
    problem = order_problem(order, binary, symbols)
    if problem:
        return problems + [f"{problem}; `make release` profiles the start again (or scripts/link-order.py)"]
    addresses, copies = {}, Counter()
    for address, _, name, _ in symbols:
        addresses.setdefault(name, address)
        copies[name] += 1
    listed = listed_names(order)
    found = [addresses[name] for name in listed if name in addresses]
    start, size = text_section(binary)
    # Our modules' functions, each compiled in a section of its own (the toolchain's libraries keep
    # many in one section, which the linker can only move whole).
    top = os.path.join(os.path.dirname(__file__), "..")
    modules = [module for folder in glob.glob(os.path.join(top, "Sources", "*")) + [os.path.join(top, "Toolkit")]
               for module in os.listdir(os.path.join(folder, "Sources") if folder.endswith("Toolkit") else folder)]
    ours = tuple(f"$s{len(module)}{module}" for module in modules)
    functions = [addresses[name] for name in listed
                 if name.startswith(ours) and copies.get(name) == 1 and start <= addresses[name] < start + size]
    # Laid out as listed, each function follows the one before it; left where the compiler put
    # them, about half would.
    following = sum(1 for before, after in zip(functions, functions[1:]) if after > before)
    print(f"release: {len(found):,} of the {len(listed):,} symbols in {os.path.relpath(order)} are in the binary; "
          f"{following:,} of its {len(functions):,} functions of our modules follow the one listed before them")
    if following < (len(functions) - 1) * 9 // 10:
        problems.append("the functions listed are not laid out in their order: was --symbol-ordering-file given to lld?")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spindle", required=True, help="the release binary")
    parser.add_argument("--order", default=ORDER, help=f"the link order it was linked with (default {os.path.relpath(ORDER)})")
    options = parser.parse_args()
    problems = layout_problems(options.spindle, options.order)
    program = PtyProgram([os.path.abspath(options.spindle), "--latency", "0"])
    try:
        seconds = program.first_frame(b"50 loaded")
        program.read(0.2)
        memory = program.memory_kib()
    finally:
        program.finish()
    print(f"release: first frame in {seconds * 1000:.1f} ms; then {memory['peak'] / 1024:.1f} MiB at the peak "
          f"(RSS), {memory['pss'] / 1024:.1f} MiB proportional (PSS); {os.path.getsize(options.spindle) / 1e6:.1f} MB on disk")
    for problem in problems:
        print(f"release: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
