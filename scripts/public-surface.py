#!/usr/bin/env python3
"""Counts the public declarations of each toolkit module, as the compiler sees them.

Asks SwiftPM for the toolkit's symbol graphs at public access (`swift package
dump-symbol-graph --minimum-access-level public`, which builds the toolkit first) and counts,
per module, the symbols of its graph and of the graphs of its extensions to other modules
(`Module@Other.symbols.json`). Symbols the compiler synthesizes (a protocol's default
implementations shown on a conforming type) are left out: nobody wrote them. Every other
symbol is one declaration a client of the module can name: a type, a case, an initializer, a
property, a method, an operator, a typealias.

Usage: scripts/public-surface.py [--kinds] [--names] [--check DOC.md] [MODULE...]
--check: fails unless the counts table of DOC.md (rows "| `Module` | N |") says what is counted.   (default: Spin, SpinJournal, Terminal,
SpindleUI, SpindleUIPictures and the testing modules). Run from anywhere; it uses the scratch path .build/toolkit,
the same as the toolkit's build.
"""
import collections
import glob
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
check_doc = sys.argv[sys.argv.index("--check") + 1] if "--check" in sys.argv else None
args = [a for a in sys.argv[1:] if not a.startswith("--") and a != check_doc]
show_kinds = "--kinds" in sys.argv
# One line per declaration ("SpindleUI  Block.inner(_:)"): two runs diffed show what changed.
show_names = "--names" in sys.argv
modules = args or ["Spin", "SpinJournal", "SpinLogging", "SpinTesting", "Terminal", "TerminalTesting",
                   "SpindleUI", "SpindleUITesting", "SpindleUIPictures"]

scratch = os.path.join(root, ".build", "toolkit")
# Not checked: it fails for the test-discovery targets of a toolkit built without its tests, after
# writing the modules' graphs, which are all this reads.
output = subprocess.run(
    ["swift", "package", "--package-path", os.path.join(root, "Toolkit"), "--scratch-path", scratch,
     "dump-symbol-graph", "--minimum-access-level", "public"],
    check=False, capture_output=True, text=True).stdout
folders = [line.split("Files written to", 1)[1].strip() for line in output.splitlines() if "Files written to" in line]
folder = folders[-1] if folders else max(glob.glob(os.path.join(scratch, "*", "symbolgraph")), key=os.path.getmtime)

total = 0
counts = {}
for module in modules:
    files = [os.path.join(folder, f"{module}.symbols.json")] + glob.glob(os.path.join(folder, f"{module}@*.symbols.json"))
    files = [f for f in files if os.path.exists(f)]
    if not files:
        print(f"{module:20} (no such module)")
        continue
    kinds = collections.Counter()
    for path in files:
        with open(path) as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            kinds[symbol["kind"]["displayName"]] += 1
            if show_names:
                print(f"{module:20} {'.'.join(symbol['pathComponents'])}")
    count = sum(kinds.values())
    total += count
    counts[module] = count
    print(f"{module:20} {count:5}")
    if show_kinds:
        for kind, n in kinds.most_common():
            print(f"    {kind:24} {n:5}")
print(f"{'total':20} {total:5}")

if check_doc:
    import re
    stated = {name: int(number) for name, number in
              re.findall(r"^\| `(\w+)` \| +(\d+) \|$", open(check_doc, encoding="utf-8").read(), re.MULTILINE)}
    wrong = [f"{module}: {stated.get(module)} stated, {count} counted" for module, count in counts.items()
             if stated.get(module) != count]
    if wrong:
        print(f"{check_doc} is out of date: " + "; ".join(wrong) + " (say why in its table of reasons)", file=sys.stderr)
        sys.exit(1)
    print(f"{check_doc}: the counts are current")
