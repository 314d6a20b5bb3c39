#!/usr/bin/env bash
# Installs Spindle under a prefix, or removes exactly what it installed (`make install`,
# `make uninstall`; `make test` runs it on the debug binaries into a temporary prefix):
#
#   PREFIX/bin/spindle, PREFIX/bin/spindle-full        spindle starts spindle-full beside it
#   PREFIX/bin/spindle-probe                            the scan's probe helper, when it was built
#   PREFIX/lib/debug/.build-id/xx/yyyy.debug            their debug information, kept apart
#   PREFIX/share/man/man1/spindle.1                     from the command line's own help
#   PREFIX/share/bash-completion/completions/spindle
#   PREFIX/share/zsh/site-functions/_spindle
#   PREFIX/share/fish/vendor_completions.d/spindle.fish
#
# The man page is made by swift-argument-parser's `generate-manual` (the tool behind its
# `generate-manual` plugin) from the installed binary's `--experimental-dump-help`; the
# completions by `spindle --generate-completion-script`. DESTDIR stages the files for a package
# (they go to DESTDIR/PREFIX/...; the paths inside them are PREFIX's).
#
# The binaries are installed stripped: without their debug information (DWARF: about a third
# of spindle's 38 MB and 40 % of spindle-full's 187 MB in release) and without their symbol
# tables (spindle-full's are 30 MB of Swift's long names). Both go beside them under
# lib/debug/.build-id, named by each binary's build ID as Debian names its -dbgsym files, and
# linked from the binary (.gnu_debuglink): a backtrace from a crash, or a core file, is read
# with them. gdb finds the file with `set debug-file-directory PREFIX/lib/debug` (for PREFIX
# /usr it looks there already) and then names every function and line. Without objcopy
# (binutils, or llvm-objcopy from the Swift toolchain) they are installed as built.
#
#   scripts/install.sh --bin-dir .build/release --manual-tool .build/debug/generate-manual --prefix ~/.local
#   scripts/install.sh --uninstall --prefix ~/.local
set -euo pipefail

bin_dir="" manual_tool="" prefix="" destdir="" uninstall=0
while [ $# -gt 0 ]; do
    case "$1" in
        --bin-dir) bin_dir="$2"; shift 2 ;;
        --manual-tool) manual_tool="$2"; shift 2 ;;
        --prefix) prefix="$2"; shift 2 ;;
        --destdir) destdir="$2"; shift 2 ;;
        --uninstall) uninstall=1; shift ;;
        *) echo "install.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix is needed" >&2; exit 64; }
case "$prefix" in /*) ;; *) echo "install.sh: the prefix must be an absolute path, not $prefix" >&2; exit 64 ;; esac
root="${destdir%/}${prefix%/}"

# Every file this script installs, from the root: what --uninstall removes, and nothing else.
files=(
    bin/spindle
    bin/spindle-full
    bin/spindle-probe
    share/man/man1/spindle.1
    share/bash-completion/completions/spindle
    share/zsh/site-functions/_spindle
    share/fish/vendor_completions.d/spindle.fish
)

# The debug file of an installed binary: lib/debug/.build-id/<first 2 hex digits>/<rest>.debug.
debug_file() {
    local id
    # The notes read whole first: `head` closing the pipe early must not fail it under pipefail.
    local notes
    notes="$(readelf -n "$1" 2>/dev/null || true)"
    id="$(sed -n 's/.*Build ID: *\([0-9a-f]*\).*/\1/p' <<< "$notes" | head -1)"
    [ -n "$id" ] && echo "lib/debug/.build-id/${id:0:2}/${id:2}.debug"
}

if [ "$uninstall" = 1 ]; then
    # The debug files first: the installed binaries name them.
    for binary in bin/spindle bin/spindle-full bin/spindle-probe; do
        [ -f "$root/$binary" ] || continue
        debug="$(debug_file "$root/$binary" || true)"
        [ -n "$debug" ] && [ -e "$root/$debug" ] || continue
        files+=("$debug")
    done
    for file in "${files[@]}"; do
        if [ -e "$root/$file" ] || [ -L "$root/$file" ]; then
            rm -f "$root/$file"
            echo "removed $root/$file"
        fi
        # The folders it leaves empty go too (never the prefix itself, never a folder with
        # anything else in it).
        folder="$(dirname "$file")"
        while [ "$folder" != "." ] && rmdir "$root/$folder" 2>/dev/null; do folder="$(dirname "$folder")"; done
    done
    exit 0
fi

[ -n "$bin_dir" ] && [ -n "$manual_tool" ] || { echo "install.sh: --bin-dir and --manual-tool are needed" >&2; exit 64; }
for binary in spindle spindle-full; do
    [ -x "$bin_dir/$binary" ] || { echo "install.sh: no $bin_dir/$binary: build it first" >&2; exit 1; }
done
[ -x "$manual_tool" ] || { echo "install.sh: no $manual_tool: swift build --product generate-manual" >&2; exit 1; }
# The probe helper is built where libavformat's headers are; without it the scan uses ffprobe.
binaries=(spindle spindle-full)
if [ -x "$bin_dir/spindle-probe" ]; then binaries+=(spindle-probe); else files=("${files[@]/bin\/spindle-probe}"); fi

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
# Everything is made before anything is installed: a failure leaves the prefix as it was.
"$manual_tool" "$bin_dir/spindle" --output-directory "$staging" >/dev/null
[ -s "$staging/spindle.1" ] || { echo "install.sh: generate-manual made no spindle.1" >&2; exit 1; }
for shell in bash zsh fish; do
    "$bin_dir/spindle" --generate-completion-script "$shell" > "$staging/completion.$shell"
done

install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
objcopy="$(command -v objcopy || command -v llvm-objcopy || true)"
debug_files=()
for binary in "${binaries[@]}"; do
    debug="$(debug_file "$bin_dir/$binary" || true)"
    if [ -n "$objcopy" ] && [ -n "$debug" ]; then
        "$objcopy" --only-keep-debug "$bin_dir/$binary" "$staging/$binary.debug"
        "$objcopy" --strip-all --add-gnu-debuglink="$staging/$binary.debug" "$bin_dir/$binary" "$staging/$binary"
        debug_files+=("$debug")
    else
        echo "install.sh: $binary installed with its debug information (no objcopy, or no build ID)" >&2
        cp "$bin_dir/$binary" "$staging/$binary"
    fi
done
for binary in "${binaries[@]}"; do
    install -m 755 "$staging/$binary" "$root/bin/$binary"
done
for binary in "${binaries[@]}"; do
    [ -e "$staging/$binary.debug" ] || continue
    debug="$(debug_file "$staging/$binary")"
    install -d "$root/$(dirname "$debug")"
    install -m 644 "$staging/$binary.debug" "$root/$debug"
done
files+=("${debug_files[@]}")
install -m 644 "$staging/spindle.1" "$root/share/man/man1/spindle.1"
install -m 644 "$staging/completion.bash" "$root/share/bash-completion/completions/spindle"
install -m 644 "$staging/completion.zsh" "$root/share/zsh/site-functions/_spindle"
install -m 644 "$staging/completion.fish" "$root/share/fish/vendor_completions.d/spindle.fish"
for file in "${files[@]}"; do [ -n "$file" ] && echo "installed $root/$file"; done
