#!/usr/bin/env bash
# `make test`'s check of `make install` and `make uninstall`, on the binaries in BIN_DIR (the
# debug build: no release build needed): installs into a temporary prefix, checks that the
# binaries went in stripped (debug information and symbols kept apart), runs the installed
# spindle (--version, --help, and a verb that hands over to spindle-full beside it), renders
# the man page, loads the bash completion, stages an install with DESTDIR, then uninstalls and
# expects the prefix empty.
#
#   scripts/check-install.sh .build/debug .build/debug/generate-manual
set -euo pipefail

bin_dir="$1"
manual_tool="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
mkdir -p "$prefix"
fail() { echo "install check: $*" >&2; exit 1; }

scripts/install.sh --bin-dir "$bin_dir" --manual-tool "$manual_tool" --prefix "$prefix" > "$work/install.log"

# The binaries are installed without their debug information and symbol tables, which are
# beside them under lib/debug/.build-id, named by their build IDs and linked from them.
# (Each tool's output is read whole before it is searched: `grep -q` in a pipe may close it
# early, and under pipefail the writer's SIGPIPE would fail the check at random.)
# The probe helper is built where libavformat's headers are (`make deps` installs them).
binaries=(spindle spindle-full)
[ -x "$bin_dir/spindle-probe" ] && binaries+=(spindle-probe)
for binary in "${binaries[@]}"; do
    installed="$prefix/bin/$binary"
    sections="$(readelf -S -W "$installed" 2>/dev/null || true)"
    ! grep -q '\.debug_info' <<< "$sections" || fail "bin/$binary still holds its debug information"
    ! grep -q '\.symtab' <<< "$sections" || fail "bin/$binary still holds its symbol table"
    id="$(readelf -n "$installed" 2>/dev/null | sed -n 's/.*Build ID: *\([0-9a-f]*\).*/\1/p' | head -1 || true)"
    debug="$prefix/lib/debug/.build-id/${id:0:2}/${id:2}.debug"
    debug_sections="$(readelf -S -W "$debug" 2>/dev/null || true)"
    grep -q '\.debug_info' <<< "$debug_sections" || fail "no debug information for bin/$binary at $debug"
    debug_symbols="$(readelf -s -W "$debug" 2>/dev/null || true)"
    grep -q ' main$' <<< "$debug_symbols" || fail "the debug file of bin/$binary has no symbol table"
    link="$(readelf -p .gnu_debuglink "$installed" 2>/dev/null || true)"
    grep -q "$binary.debug" <<< "$link" || fail "bin/$binary does not link its debug file"
    [ "$(stat -c %s "$installed")" -lt "$(stat -c %s "$bin_dir/$binary")" ] || fail "bin/$binary is no smaller than built"
done

# The installed pair runs from the prefix, with its state in the temporary folder.
export XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
version="$("$prefix/bin/spindle" --version)"
[ -n "$version" ] || fail "spindle --version printed nothing"
help="$("$prefix/bin/spindle" --help)"
grep -q "browse" <<< "$help" || fail "spindle --help does not list browse"
# A verb that needs the library: spindle starts the spindle-full beside it, which answers.
handover="$("$prefix/bin/spindle" scan "$work/no-such-folder" 2>&1 || true)"
case "$handover" in *"not beside this spindle"*) fail "the installed spindle did not find spindle-full: $handover" ;; esac
[ -n "$handover" ] || fail "spindle scan of a missing folder said nothing"
# The installed helper reads a media file, with no ffprobe on PATH to fall back on.
if [ -x "$bin_dir/spindle-probe" ] && command -v ffmpeg >/dev/null 2>&1; then
    mkdir -p "$work/media" "$work/no-ffprobe"
    ffmpeg -v error -y -f lavfi -i testsrc=size=64x48:rate=5:duration=1 "$work/media/Clip (2001).mkv"
    ln -s "$(command -v env)" "$work/no-ffprobe/env"
    scanned="$(PATH="$work/no-ffprobe" XDG_CACHE_HOME="$work/cache" "$prefix/bin/spindle" scan "$work/media" 2>&1 || true)"
    [ "$scanned" = "scanned 1 media file" ] || fail "the installed probe helper did not read a file: $scanned"
fi

page="$prefix/share/man/man1/spindle.1"
[ -s "$page" ] || fail "no man page at $page"
if command -v man >/dev/null 2>&1; then
    rendered="$(MANPAGER=cat MANWIDTH=80 man -l "$page" 2>/dev/null)"
    found="$(man -M "$prefix/share/man" -w spindle 2>/dev/null)"
    [ "$found" = "$page" ] || fail "man -M PREFIX/share/man does not find spindle (got: $found)"
elif command -v groff >/dev/null 2>&1; then
    rendered="$(groff -mandoc -Tutf8 "$page" 2>/dev/null)"
else
    rendered="$(cat "$page")"
fi
for word in SYNOPSIS browse serve scan; do
    grep -q "$word" <<< "$rendered" || fail "the man page lacks $word"
done

for file in share/bash-completion/completions/spindle share/zsh/site-functions/_spindle \
        share/fish/vendor_completions.d/spindle.fish; do
    [ -s "$prefix/$file" ] || fail "no completion at $prefix/$file"
done
bash -c "source '$prefix/share/bash-completion/completions/spindle' && complete -p spindle" > /dev/null \
    || fail "bash cannot load the completion"
# zsh finds it on its fpath (PREFIX/share/zsh/site-functions) and offers the verbs.
zsh_words="$(PATH="$prefix/bin:$PATH" HOME="$work" zsh -f -c "fpath=('$prefix/share/zsh/site-functions' \$fpath); autoload -Uz compinit && compinit -u -d '$work/zcompdump' && print -r -- \${_comps[spindle]}" 2>&1)"
[ "$zsh_words" = "_spindle" ] || fail "zsh did not load the completion from PREFIX/share/zsh/site-functions: $zsh_words"
# fish reads PREFIX/share/fish/vendor_completions.d as its user's vendor folder when PREFIX is
# ~/.local (XDG_DATA_HOME's default, set here to PREFIX/share), and completes options and verbs.
fish_words="$(PATH="$prefix/bin:$PATH" XDG_DATA_HOME="$prefix/share" HOME="$work" fish -c \
    'complete -C "spindle browse --lib"; complete -C "spindle sc"' 2>&1)"
grep -q -- "--library" <<< "$fish_words" || fail "fish does not complete spindle browse --lib: $fish_words"
grep -q "^scan" <<< "$fish_words" || fail "fish does not complete spindle sc: $fish_words"

# DESTDIR stages the same files under DESTDIR/PREFIX, nothing outside.
scripts/install.sh --bin-dir "$bin_dir" --manual-tool "$manual_tool" --prefix /usr/local --destdir "$work/stage" > /dev/null
[ -x "$work/stage/usr/local/bin/spindle-full" ] || fail "DESTDIR: no stage/usr/local/bin/spindle-full"
scripts/install.sh --uninstall --prefix /usr/local --destdir "$work/stage" > /dev/null
[ -z "$(find "$work/stage/usr/local" -mindepth 1)" ] || fail "DESTDIR: uninstall left $(find "$work/stage" -mindepth 1)"

scripts/install.sh --uninstall --prefix "$prefix" > "$work/uninstall.log"
left="$(find "$prefix" -mindepth 1)"
[ -z "$left" ] || fail "uninstall left: $left"
echo "install: $(wc -l < "$work/install.log") files installed into a temporary prefix and removed (spindle $version)"
