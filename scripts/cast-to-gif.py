#!/usr/bin/env python3
"""Turns an asciicast (v2) into a GIF: pyte replays the terminal, Pillow draws each screen.

    scripts/cast-to-gif.py tour.cast tour.gif [--speed 2] [--idle-time-limit 2] [--font-size 14]

(agg, the usual converter, left stale cells in Spindle's list where tmux skips unchanged cells
with cursor moves; pyte replays the same cast correctly.) Both come from PyPI; the font is DejaVu
Sans Mono (Debian's fonts-dejavu-core).
"""
import argparse
import json

import pyte
from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
# Braille (the loading spinner) is not in the monospace face; DejaVu Sans has it.
FALLBACK = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BACKGROUND, FOREGROUND = (40, 42, 54), (230, 230, 230)
NAMED = {
    "black": (40, 42, 54), "red": (255, 85, 85), "green": (80, 250, 123), "brown": (241, 250, 140),
    "yellow": (241, 250, 140), "blue": (98, 114, 164), "magenta": (255, 121, 198), "cyan": (139, 233, 253),
    "white": (248, 248, 242),
}


def color(name, default):
    if name == "default":
        return default
    if name in NAMED:
        return NAMED[name]
    if len(name) == 6:
        try:
            return tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            pass
    return default


def style_of(char):
    foreground = color(char.fg, FOREGROUND)
    background = color(char.bg, BACKGROUND)
    if char.reverse:
        foreground, background = (background if char.bg != "default" else BACKGROUND,
                                  foreground if char.fg != "default" else FOREGROUND)
    if getattr(char, "dim", False) or False:
        foreground = tuple(c * 2 // 3 for c in foreground)
    return foreground, background, char.bold


def render(screen, fonts, cell):
    width, height = cell
    image = Image.new("RGB", (screen.columns * width + 16, screen.lines * height + 16), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row in range(screen.lines):
        line = screen.buffer[row]
        column = 0
        while column < screen.columns:
            style = style_of(line[column])
            run = ""
            start = column
            while column < screen.columns and style_of(line[column]) == style:
                run += line[column].data or ""
                column += 1
            foreground, background, bold = style
            x, y = 8 + start * width, 8 + row * height
            if background != BACKGROUND:
                draw.rectangle([x, y, x + (column - start) * width - 1, y + height - 1], fill=background)
            if run.strip():
                # Draw character by character so that wide characters keep the grid.
                for index in range(start, column):
                    data = line[index].data
                    if data and data != " ":
                        font = fonts["fallback"] if 0x2800 <= ord(data[0]) <= 0x28FF else fonts[bold]
                        draw.text((8 + index * width, y), data, font=font, fill=foreground)
    return image


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cast")
    parser.add_argument("gif")
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--idle-time-limit", type=float, default=2.0)
    parser.add_argument("--last-frame-duration", type=float, default=2.0)
    parser.add_argument("--font-size", type=int, default=14)
    args = parser.parse_args()

    with open(args.cast, encoding="utf-8") as source:
        header = json.loads(source.readline())
        events = [json.loads(line) for line in source if line.strip()]
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    fonts = {False: ImageFont.truetype(FONT, args.font_size), True: ImageFont.truetype(BOLD, args.font_size),
             "fallback": ImageFont.truetype(FALLBACK, args.font_size)}
    cell = (round(fonts[False].getlength("M")), round(args.font_size * 1.3))

    frames, durations = [], []
    last_time = 0.0
    for time, kind, data in events:
        if kind != "o":
            continue
        if frames:
            gap = min(time - last_time, args.idle_time_limit) / args.speed
            durations[-1] += gap
        last_time = time
        stream.feed(data)
        if screen.dirty or not frames:
            screen.dirty.clear()
            frame = render(screen, fonts, cell)
            if frames and durations[-1] < 0.02:
                frames[-1] = frame   # shown too briefly to matter: replaced by the next screen
            else:
                frames.append(frame)
                durations.append(0.0)
    durations[-1] += args.last_frame_duration
    palette = [frame.convert("P", palette=Image.ADAPTIVE, colors=32) for frame in frames]
    palette[0].save(args.gif, save_all=True, append_images=palette[1:], loop=0, optimize=True,
                    duration=[max(int(d * 1000), 20) for d in durations], disposal=1)


if __name__ == "__main__":
    main()
