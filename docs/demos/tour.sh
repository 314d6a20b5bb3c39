#!/usr/bin/env bash
# A tour of Spindle, driven in tmux: browse a few pages, search, open a title, let the intro skip
# itself, seek, change the audio track, go back, download two titles and watch them on the downloads screen, quit.
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
name=tour; typing=0
source docs/demos/tmux-tour.sh
start_tour

keys "clear; $spindle --speed $speed --latency 150 --page-size 250; echo tour-exit=\$?" Enter
step "The catalog: the first page of the embedded catalog" "250 loaded"
for _ in 1 2 3; do keys PageDown; sleep "$pause"; done
keys End
step "End goes to the real end of the catalog, loading every page on the way" "5,000 titles" 60
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
keys "#"
step "Tracks: # plays the next audio track, the HUD says which" "Audio Français"
keys Escape
step "Back to the list, with the search and the selection kept" "“kyoto”"
keys d
keys j
keys d
step "Two downloads: a bar and a percentage in each row" "▱"
keys o
step "The downloads screen: state, progress, speed and time left" "MB/s"
step "Both downloads finish: stored for offline viewing" "2 offline" 60
keys Escape
step "Back to the list: the offline marks" "✓ offline"
keys q
step "Quit: the shell is back" "tour-exit=0"
echo
echo "tour: $steps steps passed, 0 failed"
