#!/usr/bin/env bash
# Installs what Spindle needs and the machine lacks: the ncursesw headers, pkg-config, tmux (the
# end-to-end tests), mpv (real playback), ffmpeg (media facts, and the tests' generated media) and
# the SQLite headers (the library, through GRDB), wrk (`make bench` loads `spindle serve`), the
# libchafa, glib, libpng and zlib headers (the toolkit's pictures) and libsixel's tools (sixel2png decodes the
# pictures' sixel output in their tests), and libavformat's headers (the scan's probe helper, which
# reads many files in one process where ffprobe starts once per file).
# As root it uses apt-get; otherwise it says what to install and stops. Commands named as
# arguments are needed too (`scripts/install-deps.sh valgrind` when the release build profiles its link order),
# as COMMAND or COMMAND:PACKAGE where the package is named otherwise (`Xvfb:xvfb`).
set -euo pipefail

missing=()
for tool in "$@"; do command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}"); done
[ -f /usr/include/ncursesw/curses.h ] || missing+=(libncursesw5-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
[ -f /usr/include/chafa/chafa.h ] || missing+=(libchafa-dev)
# libchafa-dev's header includes glib's, which Debian's package does not always bring.
[ -f /usr/include/glib-2.0/glib.h ] || missing+=(libglib2.0-dev)
# zlib deflates the pictures' kitty output; libpng reads and writes PNG.
[ -f /usr/include/zlib.h ] || missing+=(zlib1g-dev)
[ -f /usr/include/png.h ] || missing+=(libpng-dev)
[ -n "$(ls /usr/include/*/libavformat/avformat.h /usr/include/libavformat/avformat.h 2>/dev/null)" ] || missing+=(libavformat-dev)
command -v sixel2png >/dev/null 2>&1 || missing+=(libsixel-bin)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
command -v mpv >/dev/null 2>&1 || missing+=(mpv)
{ command -v ffmpeg && command -v ffprobe; } >/dev/null 2>&1 || missing+=(ffmpeg)
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v swift >/dev/null 2>&1; then
  echo "spindle: Swift is not on PATH; install a Swift 6 toolchain first." >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "spindle: missing ${missing[*]}; install them (e.g. sudo apt-get install ${missing[*]}) and run make again." >&2
  exit 1
fi
echo "Installing ${missing[*]} ..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# Without recommends: mpv would pull yt-dlp, a terminal emulator and more that Spindle never uses.
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
