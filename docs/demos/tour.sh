#!/usr/bin/env bash
# A tour of Spindle, driven in tmux: browse a few pages, search, open a title, let the intro skip
# itself, seek, go back, quit.
#
#   docs/demos/tour.sh                 unattended: short pauses, prints each screen it reaches,
#                                      fails if a step does not show what it should
#   docs/demos/tour.sh --watch         pauses a viewer can follow; watch it with
#                                      tmux -L spindle-tour attach -r
#   SPINDLE=path/to/spindle docs/demos/tour.sh
#
# It starts its own tmux server on a private socket and always kills it at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."

watch=false
[ "${1:-}" = "--watch" ] && watch=true
spindle=${SPINDLE:-.build/debug/spindle}
[ -x "$spindle" ] || { echo "tour: no $spindle; build it first (swift build)" >&2; exit 1; }
spindle=$(cd "$(dirname "$spindle")" && pwd)/$(basename "$spindle")

if $watch; then socket=spindle-tour; pause=2; speed=4; else socket=spindle-tour-$$; pause=0.2; speed=10; fi
tmux=(env LANG=C.UTF-8 TERM=xterm-256color tmux -u -L "$socket" -f /dev/null)
"${tmux[@]}" kill-server 2>/dev/null || true
trap '"${tmux[@]}" kill-server 2>/dev/null || true' EXIT

"${tmux[@]}" new-session -d -s tour -x 80 -y 24 "env PS1='$ ' bash --norc --noprofile"
"${tmux[@]}" set-option -g escape-time 10 >/dev/null
$watch && echo "Watch it: tmux -L $socket attach -r   (the tour starts in 5 s)" && sleep 5

steps=0
screen() { "${tmux[@]}" capture-pane -p -t tour; }
keys() { "${tmux[@]}" send-keys -t tour "$@"; }
# step NAME TEXT [TIMEOUT] [ABSENT]: waits until the screen shows TEXT (and not ABSENT), then
# prints the screen.
step() {
  local name=$1 text=$2 limit=${3:-10} absent=${4:-} waited=0
  until screen | grep -qF -- "$text" && { [ -z "$absent" ] || ! screen | grep -qF -- "$absent"; }; do
    sleep 0.1; waited=$((waited + 1))
    if [ $waited -ge $((limit * 10)) ]; then
      echo "tour: step \"$name\": the screen never showed \"$text\"${absent:+ without \"$absent\"}; it shows:" >&2
      screen >&2; exit 1
    fi
  done
  steps=$((steps + 1))
  printf '\n=== %d. %s\n' "$steps" "$name"; screen | sed -e 's/[[:space:]]*$//' | cat -s
  sleep "$pause"
}

keys "clear; $spindle --speed $speed --latency 150; echo tour-exit=\$?" Enter
step "The catalog: the first page of the embedded catalog" "50 loaded"
for _ in 1 2 3; do keys PageDown; sleep "$pause"; done
keys End
step "Browsing: pages load as the selection nears the end" "100 loaded"
keys /
keys -l "kyoto"
step "Search: typing a query" "Search: kyoto"
keys Enter
step "Search results" "“kyoto”"
keys Enter
step "The player: the HUD shows the title, the play state and the progress" "▶ Playing"
step "The HUD hides itself after 3 s: only the picture" "/ " 10 "Playing"
step "Skip intro: a countdown appears when the intro starts" "Skip intro (" 60
step "At zero the player skips the intro: the prompt goes once the seek is done" "/ " 30 "Skip"
keys Right
step "Seeking forward 10 s shows the HUD again" "▶ Playing"
keys Escape
step "Back to the list, with the search and the selection kept" "“kyoto”"
keys q
step "Quit: the shell is back" "tour-exit=0"
echo
echo "tour: $steps steps passed, 0 failed"
