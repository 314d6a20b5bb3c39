#!/usr/bin/env bash
# Records a scripted tour as an asciinema cast and a GIF:
#
#   scripts/record-demo.sh tour    docs/demos/tour.sh, the app: docs/demos/tour.cast and tour.gif
#   scripts/record-demo.sh todo    docs/demos/todo-tour.sh, the todo example: todo.cast, todo.gif
#   scripts/record-demo.sh processes    docs/demos/processes-tour.sh, the process browser example:
#                                       processes.cast, processes.gif (this machine's processes)
#   SPINDLE=path/to/spindle TODO_APP=path/to/todo scripts/record-demo.sh tour
#
# The tour runs the real program in tmux; asciinema records a read-only tmux client attached to
# it (80x24, no status line), and scripts/cast-to-gif.py turns the cast into a GIF with pyte and
# Pillow (the app's tour plays twice as fast; the cast keeps real time). asciinema, pyte and
# Pillow come from PyPI into a virtual environment under .build; the tests need none of them.
set -euo pipefail
cd "$(dirname "$0")/.."

demo=${1:-tour}
case $demo in
  tour)
    script=docs/demos/tour.sh; socket=spindle-tour; speed=2
    binary=${SPINDLE:-.build/release/spindle}; export SPINDLE=$binary
    first="250 loaded"; last="tour-exit=0" ;;
  todo)
    script=docs/demos/todo-tour.sh; socket=spindle-todo-tour; speed=1
    binary=${TODO_APP:-.build/release/todo}; export TODO_APP=$binary
    first="Nothing to do"; last="- [x] Buy milk" ;;
  processes)
    script=docs/demos/processes-tour.sh; socket=spindle-processes-tour; speed=1
    binary=${PROCESSES_APP:-.build/release/processes}; export PROCESSES_APP=$binary
    first="CPU%▾"; last="processes-exit=0" ;;
  *) echo "usage: scripts/record-demo.sh tour|todo|processes" >&2; exit 2 ;;
esac
[ -x "$binary" ] || { echo "record-demo: no $binary; build it first (make demo-record builds it)" >&2; exit 1; }
command -v tmux >/dev/null || { echo "record-demo: needs tmux (make deps installs it)" >&2; exit 1; }

venv=.build/demo-venv
if [ ! -x "$venv/bin/asciinema" ] || ! "$venv/bin/python" -c "import pyte, PIL" 2>/dev/null; then
  echo "record-demo: installing asciinema, pyte and Pillow from PyPI into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "asciinema==2.4.0" "pyte==0.8.2" "pillow"
fi
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || apt-get install -y -qq fonts-dejavu-core >/dev/null

cast=docs/demos/$demo.cast
gif=docs/demos/$demo.gif
raw=.build/$demo-raw.cast
log=.build/$demo-record.log
tmux=(env LANG=C.UTF-8 TERM=xterm-256color tmux -u -L "$socket" -f /dev/null)

# The tour waits 5 s after making its session: time enough to attach the recorder.
"$script" --watch > "$log" 2>&1 &
tour=$!
trap 'kill $tour 2>/dev/null || true' EXIT
for _ in $(seq 50); do "${tmux[@]}" has-session -t tour 2>/dev/null && break; sleep 0.1; done
"${tmux[@]}" set-option -g status off >/dev/null

# The client ends when the tour kills its server, and the recording with it.
rm -f "$raw"
env LANG=C.UTF-8 TERM=xterm-256color "$venv/bin/asciinema" rec --quiet --cols 80 --rows 24 --idle-time-limit 2 \
  -c "tmux -u -L $socket -f /dev/null attach -r -t tour" "$raw"
wait "$tour" || { cat "$log" >&2; echo "record-demo: the tour failed" >&2; exit 1; }
trap - EXIT

# From the program's first screen to its last: not the command typed to start it, nor the tmux
# client leaving; and no path of this machine.
python3 scripts/trim-cast.py "$raw" "$cast" --from "$first" --until "$last" --hide "$PWD/"
"$venv/bin/python" scripts/cast-to-gif.py --font-size 14 --speed "$speed" --idle-time-limit 2 \
  --last-frame-duration 2 "$cast" "$gif"
echo "record-demo: $cast ($(du -h "$cast" | cut -f1)), $gif ($(du -h "$gif" | cut -f1))"
