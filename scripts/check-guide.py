#!/usr/bin/env python3
"""Checks that a guide runs as written: its Swift snippets are the examples' code, its paths
exist, and its commands run.

Every fenced block of the guide says what it is checked against, in an HTML comment on the line
before it (the comment does not show when the Markdown is rendered):

    <!-- check: Examples/Todo/Sources/todo/main.swift -->
        a ```swift block: each line of code in it is a line of that file, in the same order
        (lines may be left out between them). A line that is only `...` stands for lines left
        out; `...` inside a line stands for any text there. Comments after the code (`// ...`)
        are explanations and are not compared; blank lines are not either.
    <!-- check: Examples/Todo/Package.swift with "../spindle/Toolkit" for "../../Toolkit" -->
        the same, the file's text changed as said first (a dependency's path as a reader's
        package would have it).
    <!-- run: Examples/Todo -->
        a ```sh block: its commands run in that folder, one by one, and must succeed. `swift`
        commands build in the folder `make test` uses for that package (.build/<name>), so nothing
        is built twice. A command with the comment `# interactive` takes the terminal: it runs
        in tmux (a private socket, 80x24), must draw a screen, and must quit on q.
    <!-- screen: Toolkit/Tests/SpindleUITests/__Snapshots__/tableview-normal.txt -->
        a plain ``` block showing a captured screen: it must be that snapshot file's text (the part
        above its styles), line for line, trailing blanks aside. A catalog's screens then change
        only when the widget's snapshot does.
    <!-- shown only: WHY -->
        a block not checked, and why (output, a sketch of a package that does not exist).

Relative links and the repository paths the guide names in backquotes must exist.

Usage: scripts/check-guide.py [--no-run] GUIDE.md...   (exit 1 and one line per problem)
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ANNOTATION = re.compile(r"<!--\s*(check|run|screen|shown only):\s*(.*?)\s*-->")
SUBSTITUTION = re.compile(r'^(\S+)\s+with\s+"(.*)"\s+for\s+"(.*)"$')
PATH_IN_QUOTES = re.compile(r"`((?:Examples|Toolkit|docs|scripts|Sources|Tests)/[^`\s]*)`")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
SWIFT_SUBCOMMANDS = {"build", "run", "test"}


def code_of(line):
    """The line's code: its trailing `//` comment and outer blanks removed (not inside strings)."""
    in_string = False
    index = 0
    while index < len(line):
        character = line[index]
        if character == "\\" and in_string:
            index += 2
            continue
        if character == '"':
            in_string = not in_string
        elif not in_string and line.startswith("//", index):
            return line[:index].strip()
        index += 1
    return line.strip()


def matches(snippet_line, source_line):
    if "..." not in snippet_line:
        return snippet_line == source_line
    parts = snippet_line.split("...")
    if not source_line.startswith(parts[0]) or not source_line.endswith(parts[-1]):
        return False
    position = len(parts[0])
    for part in parts[1:-1]:
        found = source_line.find(part, position)
        if found < 0:
            return False
        position = found + len(part)
    return position <= len(source_line) - len(parts[-1])


def check_snippet(block, spec, guide, line_number, problems):
    substitution = SUBSTITUTION.match(spec)
    path, new, old = (substitution.groups() if substitution else (spec, None, None))
    full = os.path.join(ROOT, path)
    if not os.path.isfile(full):
        problems.append(f"{guide}:{line_number}: the snippet's file {path} does not exist")
        return
    text = open(full, encoding="utf-8").read()
    if old is not None:
        if old not in text:
            problems.append(f'{guide}:{line_number}: {path} has no "{old}" to show as "{new}"')
        text = text.replace(old, new)
    source = [code for code in (code_of(line) for line in text.splitlines()) if code]
    position = 0
    for offset, raw in enumerate(block):
        code = code_of(raw)
        if not code or code == "...":
            continue
        while position < len(source) and not matches(code, source[position]):
            position += 1
        if position == len(source):
            problems.append(f"{guide}:{line_number + 1 + offset}: not in {path} (in this order): {code}")
            return
        position += 1


def check_screen(block, path, guide, line_number, problems):
    full = os.path.join(ROOT, path)
    if not os.path.isfile(full):
        problems.append(f"{guide}:{line_number}: the screen's snapshot {path} does not exist")
        return
    screen = open(full, encoding="utf-8").read().split("--- styles ---")[0]
    def lines(text):
        rows = [row.rstrip() for row in text.splitlines()]
        while rows and not rows[-1]:
            rows.pop()
        return rows
    expected, shown = lines(screen), lines("\n".join(block))
    if expected != shown:
        first = next((i for i, (a, b) in enumerate(zip(expected, shown)) if a != b), min(len(expected), len(shown)))
        problems.append(f"{guide}:{line_number + 1 + first}: the screen is not {path}'s (row {first + 1}): "
                        f"{shown[first] if first < len(shown) else '(none)'!r} "
                        f"against {expected[first] if first < len(expected) else '(none)'!r}")


def scratch_for(folder):
    return os.path.join(ROOT, ".build", os.path.basename(folder.rstrip("/")).lower())


def swift_command(words, folder):
    """`swift run todo` as `make test` builds it: in the package's own scratch folder."""
    if len(words) >= 2 and words[0] == "swift" and words[1] in SWIFT_SUBCOMMANDS:
        return words[:2] + ["--scratch-path", scratch_for(folder)] + words[2:]
    return words


def run_interactive(words, folder, problems, where):
    """Runs a full-screen command in a private tmux server: it must draw, then quit on q."""
    if shutil.which("tmux") is None:
        problems.append(f"{where}: tmux is needed to run an interactive command")
        return
    socket = f"spindle-guide-{os.getpid()}"
    tmux = ["tmux", "-L", socket, "-f", "/dev/null"]
    marker = os.path.join(ROOT, ".build", f"guide-exit-{os.getpid()}")
    if os.path.exists(marker):
        os.remove(marker)
    shell = f"cd {shlex.quote(os.path.join(ROOT, folder))} && {shlex.join(words)}; echo $? > {shlex.quote(marker)}"
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24", "sh", "-c", shell], check=True)
    try:
        subprocess.run(tmux + ["set-option", "-s", "escape-time", "10"], check=False)
        deadline = time.monotonic() + 600
        screen = ""
        while time.monotonic() < deadline:
            screen = subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout
            if os.path.exists(marker) or screen.strip():
                break
            time.sleep(0.2)
        if os.path.exists(marker):
            problems.append(f"{where}: {shlex.join(words)} ended before drawing a screen: {screen.strip()[-200:]}")
            return
        subprocess.run(tmux + ["send-keys", "q"], check=False)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not os.path.exists(marker):
            time.sleep(0.1)
        if not os.path.exists(marker):
            problems.append(f"{where}: {shlex.join(words)} did not quit on q")
            return
        status = open(marker).read().strip()
        if status != "0":
            problems.append(f"{where}: {shlex.join(words)} exited with {status}")
    finally:
        subprocess.run(tmux + ["kill-server"], check=False, stderr=subprocess.DEVNULL)
        if os.path.exists(marker):
            os.remove(marker)


def run_commands(block, folder, guide, line_number, problems):
    if not os.path.isdir(os.path.join(ROOT, folder)):
        problems.append(f"{guide}:{line_number}: the folder {folder} does not exist")
        return
    for offset, raw in enumerate(block):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        interactive = re.search(r"#\s*interactive\b", line) is not None
        command = line.split(" #", 1)[0].strip()
        words = shlex.split(command)
        where = f"{guide}:{line_number + 1 + offset}"
        if words and words[0] == "cd":
            continue  # the block's folder is where it runs
        words = swift_command(words, folder)
        if interactive:
            if words[:2] == ["swift", "run"]:
                # Built first, so that the app's screen, not the build's output, is what is awaited.
                build = ["swift", "build"] + words[2:4] + ["--product", words[4]] if len(words) > 4 else None
                if build and subprocess.run(build, cwd=os.path.join(ROOT, folder), capture_output=True).returncode != 0:
                    problems.append(f"{where}: {shlex.join(build)} failed")
                    continue
            run_interactive(words, folder, problems, where)
            continue
        result = subprocess.run(words, cwd=os.path.join(ROOT, folder), capture_output=True, text=True,
                                stdin=subprocess.DEVNULL, timeout=1800)
        if result.returncode != 0:
            output = (result.stdout + result.stderr).strip().splitlines()[-5:]
            problems.append(f"{where}: `{command}` failed ({result.returncode}): " + " | ".join(output))


def check_paths(lines, guide, problems):
    base = os.path.dirname(os.path.abspath(guide))
    for number, line in enumerate(lines, 1):
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target):
                continue
            if not os.path.exists(os.path.normpath(os.path.join(base, target))):
                problems.append(f"{guide}:{number}: the link {target} leads nowhere")
        for path in PATH_IN_QUOTES.findall(line):
            if not os.path.exists(os.path.join(ROOT, path.rstrip("/"))):
                problems.append(f"{guide}:{number}: the path {path} does not exist")


def check(guide, run, problems):
    lines = open(guide, encoding="utf-8").read().splitlines()
    check_paths(lines, guide, problems)
    index = 0
    blocks = 0
    while index < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[index])
        if not fence:
            index += 1
            continue
        start = index
        end = start + 1
        while end < len(lines) and not lines[end].startswith("```"):
            end += 1
        block = lines[start + 1:end]
        annotation = ANNOTATION.search(lines[start - 1]) if start > 0 else None
        blocks += 1
        if annotation is None:
            problems.append(f"{guide}:{start + 1}: a ```{fence.group(1)} block says neither what it is checked against "
                            "nor why it is shown only")
        elif annotation.group(1) == "check":
            check_snippet(block, annotation.group(2), guide, start + 1, problems)
        elif annotation.group(1) == "screen":
            check_screen(block, annotation.group(2), guide, start + 1, problems)
        elif annotation.group(1) == "run" and run:
            run_commands(block, annotation.group(2), guide, start + 1, problems)
        index = end + 1
    return blocks


def main():
    arguments = sys.argv[1:]
    run = "--no-run" not in arguments
    guides = [argument for argument in arguments if not argument.startswith("--")]
    problems = []
    blocks = sum(check(guide, run, problems) for guide in guides)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"guide: {blocks} blocks of {', '.join(os.path.relpath(g, ROOT) for g in guides)} checked"
          + ("" if run else " (commands not run)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
