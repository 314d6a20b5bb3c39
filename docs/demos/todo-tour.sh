#!/usr/bin/env bash
# A tour of the todo example (Examples/), driven in tmux: add three todos, tick one, filter,
# delete one, open the help, quit, and show the file it saved.
#
#   docs/demos/todo-tour.sh            unattended: prints each screen it reaches, fails if a
#                                      step does not show what it should
#   docs/demos/todo-tour.sh --watch    pauses a viewer can follow; watch it with
#                                      tmux -L spindle-todo-tour attach -r
#   TODO_APP=path/to/todo docs/demos/todo-tour.sh
#
# It starts its own tmux server on a private socket and always kills it at the end. The list
# lives in a temporary folder, removed at the end too.
set -euo pipefail
cd "$(dirname "$0")/../.."

watch=false
[ "${1:-}" = "--watch" ] && watch=true
app=${TODO_APP:-.build/debug/todo}
[ -x "$app" ] || { echo "todo-tour: no $app; build it first (swift build --product todo)" >&2; exit 1; }
app=$(cd "$(dirname "$app")" && pwd)/$(basename "$app")

if $watch; then socket=spindle-todo-tour; pause=1.5; typing=0.08; else socket=spindle-todo-tour-$$; pause=0.1; typing=0; fi
folder=$(mktemp -d)
tour_cleanup() { rm -rf "$folder"; }
name=todo-tour
source docs/demos/tmux-tour.sh
start_tour "$folder"

keys "clear; $app todos.md; echo todo-exit=\$?" Enter
step "An empty list says what to do" "Nothing to do. Press a to add a todo."
for title in "Buy milk" "Call the plumber" "Water the plants"; do
  keys a
  type "$title"
  step "Typing a todo" "New todo: $title"
  keys Enter
done
step "Three todos, the last one selected" "3 / 3"
keys k k Space
step "Space ticks the selected todo" "[x] Buy milk"
keys f
step "f shows the open todos only" "Todo · open · 2 open" 10 "Buy milk"
keys f
step "then the done ones" "Todo · done" 10 "plumber"
keys f j d
step "d deletes the selected todo" "Todo · all · 1 open" 10 "plumber"
keys '?'
step "? shows every key" "Any key closes this help."
keys Escape
step "Any key closes the help" "? help" 10 "Any key closes"
keys q
step "q quits; the list is saved as a Markdown task list" "todo-exit=0"
keys clear Enter
keys "cat todos.md" Enter
step "The file" "- [x] Buy milk"
echo
echo "todo-tour: $steps steps passed, 0 failed"
