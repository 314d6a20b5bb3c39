# Shared by the tours (tour.sh, todo-tour.sh): a private tmux server with one 80x24 pane, and the
# steps that drive it. Source it after setting `name` (for messages), `socket`, `pause` and
# `typing`; it kills its server on exit and runs `tour_cleanup` first if the tour defines one.
#
#   start_tour FOLDER     a shell in FOLDER, in the pane "tour"
#   keys K...             tmux send-keys to the pane
#   type TEXT             one key at a time, `typing` seconds apart
#   step NAME TEXT [TIMEOUT] [ABSENT]
#                         waits (TIMEOUT s, 10 by default) until the screen shows TEXT and not
#                         ABSENT, then prints it; fails the tour with the screen if it never does
# The apps keep their sessions (and libraries) in a directory of the tour's own (XDG_STATE_HOME, XDG_DATA_HOME), so a tour
# never resumes the user's session, another tour's, or its own previous run's.
tour_state=$(mktemp -d)
tmux=(env LANG=C.UTF-8 TERM=xterm-256color XDG_STATE_HOME="$tour_state" XDG_DATA_HOME="$tour_state/data" tmux -u -L "$socket" -f /dev/null)
"${tmux[@]}" kill-server 2>/dev/null || true
# A killed server leaves its socket file behind: removed too.
tour_socket="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$socket"
trap '"${tmux[@]}" kill-server 2>/dev/null || true; rm -f "$tour_socket"; rm -rf "$tour_state"; declare -F tour_cleanup >/dev/null && tour_cleanup' EXIT
steps=0

start_tour() {
  "${tmux[@]}" new-session -d -s tour -x 80 -y 24 -c "${1:-$PWD}" "env PS1='$ ' HISTFILE= bash --norc --noprofile"
  "${tmux[@]}" set-option -g escape-time 10 >/dev/null
  if $watch; then echo "Watch it: tmux -L $socket attach -r   (the tour starts in 5 s)"; sleep 5; fi
}

screen() { "${tmux[@]}" capture-pane -p -t tour; }
keys() { "${tmux[@]}" send-keys -t tour "$@"; }

type() {
  local text=$1 index
  for ((index = 0; index < ${#text}; index++)); do keys -l "${text:index:1}"; sleep "$typing"; done
}

step() {
  local title=$1 text=$2 limit=${3:-10} absent=${4:-} waited=0
  until screen | grep -qF -- "$text" && { [ -z "$absent" ] || ! screen | grep -qF -- "$absent"; }; do
    sleep 0.1; waited=$((waited + 1))
    if [ $waited -ge $((limit * 10)) ]; then
      echo "$name: step \"$title\": the screen never showed \"$text\"${absent:+ without \"$absent\"}; it shows:" >&2
      screen >&2; exit 1
    fi
  done
  steps=$((steps + 1))
  printf '\n=== %d. %s\n' "$steps" "$title"; screen | sed -e 's/[[:space:]]*$//' | cat -s
  sleep "$pause"
}
