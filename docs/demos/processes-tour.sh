#!/usr/bin/env bash
# A tour of the process browser example (Examples/Processes), driven in tmux: the table, a sort,
# a filter that finds a process the tour started itself, its detail pane, the help, and quitting.
#
#   docs/demos/processes-tour.sh            unattended: prints each screen it reaches, fails if a
#                                           step does not show what it should
#   docs/demos/processes-tour.sh --watch    pauses a viewer can follow; watch it with
#                                           tmux -L spindle-processes-tour attach -r
#   PROCESSES_APP=path/to/processes docs/demos/processes-tour.sh
#
# It starts its own tmux server on a private socket and always kills it at the end, and the one
# process it starts to look for (a sleep), by its pid.
set -euo pipefail
cd "$(dirname "$0")/../.."

watch=false
[ "${1:-}" = "--watch" ] && watch=true
app=${PROCESSES_APP:-.build/debug/processes}
[ -x "$app" ] || { echo "processes-tour: no $app; build it first (swift build --product processes)" >&2; exit 1; }
app=$(cd "$(dirname "$app")" && pwd)/$(basename "$app")

if $watch; then socket=spindle-processes-tour; pause=1.5; typing=0.08; else socket=spindle-processes-tour-$$; pause=0.1; typing=0; fi
# The process to find: a sleep whose command line carries a name of the tour's own.
marker=tour-sleeper-$$
(exec -a "$marker" sleep 600) &
sleeper=$!
tour_cleanup() { kill "$sleeper" 2>/dev/null || true; }
name=processes-tour
source docs/demos/tmux-tour.sh
start_tour "$PWD"

keys "clear; $app; echo processes-exit=\$?" Enter
step "The processes, the busiest first" "CPU%▾"
keys s
step "s sorts by memory" "· by memory"
keys s
step "then by PID" "· by PID"
keys /
type "$marker"
step "/ filters as you type" "Filter: $marker"
step "only the tour's own sleep is left" "$marker 600" 10 "[kthreadd]"
keys Enter
step "Enter keeps the filter" "1 of"
keys i
step "i shows the selected process's details" "╭ $sleeper · sleep"
step "its state in words, and its CPU over time" "State    sleeping"
keys '?'
step "? shows every key" "Any key closes this help."
keys Escape
step "Any key closes the help" "╭ $sleeper · sleep" 10 "Any key closes"
keys Escape
step "Esc clears the filter; the selection stays on the sleeper" "╭ $sleeper · sleep" 10 "“$marker”"
keys q
step "q quits" "processes-exit=0"
echo
echo "processes-tour: $steps steps passed, 0 failed"
