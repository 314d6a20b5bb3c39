#!/usr/bin/env python3
"""Pictures in real terminals: xterm as a VT340 (sixel) and kitty (its graphics protocol), each on
a private X server (Xvfb), running spindle-full with `--pictures auto` over a folder of two films
with a poster each: a vertical gradient from red to blue, and pure green.

For each terminal it presses `v` (the grid of posters), takes screenshots of the X screen (ffmpeg's
x11grab) until the posters show, then presses `q` and takes them until the terminal is clear.
What it checks, on the pixels the terminal drew:
- the green poster is there: at least a thousand pixels of green (within sixel's hundredths);
- the gradient is drawn by pixels, not by cells: down its middle column more distinct colours
  than half blocks can give (two per row of cells);
- after `q` no poster pixel is left, and spindle-full exited 0.

    python3 scripts/try-terminals.py --binary .build/release/spindle-full   # make terminals

Every process it starts (Xvfb, the terminals) is ended by its pid on every way out. It needs
Xvfb, xterm, kitty, xdotool and ffmpeg (`make terminals` installs what is missing); kitty draws
with Mesa's software OpenGL (LIBGL_ALWAYS_SOFTWARE=1).
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 1280, 800


def run(command, **options):
    return subprocess.run(command, check=True, capture_output=True, **options)


def make_media(folder):
    """Two films, each in a folder with its poster: a gradient (red at the top, blue at the
    bottom) and pure green."""
    for name, source in [("Gradient (2001)", "gradients=s=200x300:c0=red:c1=blue:x0=0:y0=0:x1=0:y1=300:nb_colors=2"),
                         ("Green (2002)", "color=c=0x00ff00:s=200x300")]:
        film = os.path.join(folder, name)
        os.makedirs(film)
        run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=d=2:s=160x120:r=10",
             os.path.join(film, name + ".mkv")])
        run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "1",
             os.path.join(film, "poster.png")])


def screenshot(display):
    """The X screen's pixels, as rows of (r, g, b)."""
    raw = run(["ffmpeg", "-v", "error", "-f", "x11grab", "-video_size", f"{WIDTH}x{HEIGHT}", "-i", display,
               "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout
    return raw


def pixel(raw, x, y):
    offset = (y * WIDTH + x) * 3
    return tuple(raw[offset:offset + 3])


def green_pixels(raw):
    # Sixel's colours are in hundredths: 255 comes back as 252 or 253.
    return sum(1 for i in range(0, len(raw), 3) if raw[i] < 8 and raw[i + 1] > 245 and raw[i + 2] < 8)


def cyan_pixels(raw):
    return sum(1 for i in range(0, len(raw), 3) if raw[i] < 80 and raw[i + 1] > 150 and raw[i + 2] > 150)


def gradient_column(raw):
    """The distinct colours down the middle of the gradient poster: the column through the
    middle of the reddish-to-bluish pixels, found from the screen."""
    columns = {}
    for y in range(0, HEIGHT, 2):
        for x in range(0, WIDTH // 2, 2):
            r, g, b = pixel(raw, x, y)
            if g < 40 and r + b > 200 and abs(r + b - 255) < 80:
                columns[x] = columns.get(x, 0) + 1
    if not columns:
        return 0
    best = max(columns, key=columns.get)
    colours = {pixel(raw, best, y) for y in range(HEIGHT)}
    return len([c for c in colours if c[1] < 40 and c[0] + c[2] > 150])


def wait_for(what, check, seconds=30, display=None):
    """Polls `check` until it gives something, within `seconds`; on a timeout the last screen is
    kept as try-terminals-last.png in the temporary folder's parent for a look."""
    deadline = time.monotonic() + seconds
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            if display:
                subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "x11grab", "-video_size", f"{WIDTH}x{HEIGHT}", "-i", display,
                                "-frames:v", "1", os.path.join(tempfile.gettempdir(), "try-terminals-last.png")])
            raise SystemExit(f"try-terminals: waited {seconds} s for {what}, in vain")
        time.sleep(0.3)


def free_display():
    for number in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return f":{number}"
    raise SystemExit("try-terminals: no free X display number")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/spindle-full")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    missing = [tool for tool in ["Xvfb", "xterm", "kitty", "xdotool", "ffmpeg"] if shutil.which(tool) is None]
    if missing or not os.access(binary, os.X_OK):
        raise SystemExit(f"try-terminals: needs {' '.join(missing) or binary} (make terminals installs them)")

    children = []

    def end_all(*_):
        for child in reversed(children):
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
                try:
                    child.wait(5)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()

    signal.signal(signal.SIGTERM, lambda *_: (end_all(), sys.exit(1)))
    failures = []
    with tempfile.TemporaryDirectory(prefix="spindle-terminals-") as home:
        try:
            media = os.path.join(home, "media")
            make_media(media)
            display = free_display()
            children.append(subprocess.Popen(["Xvfb", display, "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            wait_for("the X server", lambda: os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"))
            environment = dict(os.environ, DISPLAY=display, HOME=home, LIBGL_ALWAYS_SOFTWARE="1")
            environment.pop("TMUX", None)
            for name, command in [
                ("xterm (sixel)", ["xterm", "-ti", "vt340", "-xrm", "XTerm*decTerminalID: vt340",
                                   "-xrm", "XTerm*numColorRegisters: 256", "-geometry", "120x40+0+0", "-fa", "Monospace",
                                   "-fs", "10", "-e"]),
                ("kitty", ["kitty", "--config", "NONE", "-o", "font_size=10", "-o", "remember_window_size=no",
                           "-o", "initial_window_width=1000", "-o", "initial_window_height=700"]),
            ]:
                status = os.path.join(home, "status")
                if os.path.exists(status):
                    os.remove(status)
                # A fresh session each time: no grid or pane kept from the last terminal's run.
                shutil.rmtree(os.path.join(home, ".local"), ignore_errors=True)
                script = f'"{binary}" --pictures auto "{media}"; echo $? > "{status}"; sleep 30'
                terminal = subprocess.Popen(command + ["sh", "-c", script], env=environment,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                children.append(terminal)
                # The header's cyan bar: the list is drawn.
                wait_for(f"{name}'s list", lambda: cyan_pixels(screenshot(display)) > 2000, 60)
                # No window manager: keys go to the window under the pointer.
                subprocess.run(["xdotool", "mousemove", "300", "300"], env=environment, check=True)
                subprocess.run(["xdotool", "type", "v"], env=environment, check=True)
                shot = wait_for(f"{name}'s posters", lambda: (lambda raw: raw if green_pixels(raw) > 1000 and gradient_column(raw) > 0 else None)(screenshot(display)), display=display)
                colours = gradient_column(shot)
                print(f"{name}: green poster {green_pixels(shot)} px; the gradient's middle column {colours} colours")
                if colours <= 18:
                    failures.append(f"{name}: the gradient has {colours} colours down its middle: cells, not pixels")
                subprocess.run(["xdotool", "type", "q"], env=environment, check=True)
                wait_for(f"{name} to end", lambda: os.path.exists(status) and open(status).read().strip() != "")
                code = open(status).read().strip()
                after = wait_for(f"{name}'s screen clear", lambda: (lambda raw: raw if green_pixels(raw) == 0 else None)(screenshot(display)))
                print(f"{name}: exit {code}; after q: green {green_pixels(after)} px, gradient {gradient_column(after)} colours")
                if code != "0":
                    failures.append(f"{name}: spindle-full exited {code}")
                if gradient_column(after):
                    failures.append(f"{name}: the gradient poster is still on the screen after q")
                terminal.terminate()
                terminal.wait(10)
        finally:
            end_all()
    for failure in failures:
        print("try-terminals: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
