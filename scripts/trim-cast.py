#!/usr/bin/env python3
"""Trims an asciicast (v2) to the part worth showing: from the first event whose output shows one
text to the first that shows another, moved to start at time 0. What was drawn before the cut is
written in the first kept event, so a player still sees the screen as it was.

    scripts/trim-cast.py raw.cast tour.cast --from "50 loaded" --until "tour-exit=0"
"""
import argparse
import json


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--from", dest="start", required=True, help="text the first kept event shows")
    parser.add_argument("--until", dest="end", help="text the last kept event shows (default: keep to the end)")
    parser.add_argument("--hide", default="", help="text to remove from the output (a local path)")
    args = parser.parse_args()

    with open(args.source, encoding="utf-8") as source:
        header = json.loads(source.readline())
        events = [json.loads(line) for line in source if line.strip()]
    start = first_showing(args.start, events, 0)
    end = first_showing(args.end, events, start) + 1 if args.end else len(events)
    # What was drawn before the cut, written at once, then the rest shifted to start at 0.
    earlier = "".join(data for _, kind, data in events[:start] if kind == "o")
    origin = events[start][0]
    kept = [[0.0, "o", earlier + events[start][2]]]
    kept += [[round(time - origin, 6), kind, data] for time, kind, data in events[start + 1:end]]
    with open(args.target, "w", encoding="utf-8") as target:
        target.write(json.dumps(header) + "\n")
        for event in kept:
            if args.hide:
                event[2] = event[2].replace(args.hide, "")
            target.write(json.dumps(event, ensure_ascii=False) + "\n")


def first_showing(text, events, after):
    """The index of the first output event from `after` on whose data contains `text`."""
    for index in range(after, len(events)):
        _, kind, data = events[index]
        if kind == "o" and text in data:
            return index
    raise SystemExit(f"trim-cast: no event shows {text!r}")


if __name__ == "__main__":
    main()
