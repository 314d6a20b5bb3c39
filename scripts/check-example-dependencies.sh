#!/usr/bin/env bash
# An example (Examples/Todo, Examples/Processes) builds as a third party's app does, on the toolkit
# alone: this fails if its build (scratch folder $1) fetched or compiled any of the app's heavy
# dependencies, or compiled the pictures product (SpindleUIPictures, CChafa, CPNG) or linked
# libchafa, glib, libpng or zlib, which an app without pictures must not.
set -euo pipefail
scratch=${1:?usage: check-example-dependencies.sh SCRATCH_PATH}
heavy='swift-nio|GRDB|hummingbird|async-http-client|swift-service-lifecycle|swift-argument-parser'
fetched=$(ls "$scratch/checkouts")
if grep -qiE "^($heavy)" <<<"$fetched"; then
  echo "example ($scratch): the toolkit fetched an app dependency: $(grep -iE "^($heavy)" <<<"$fetched" | tr '\n' ' ')" >&2
  exit 1
fi
compiled=$(ls "$scratch/debug" | sed -n 's/\.build$//p')
if grep -qE '^(NIO|GRDB|Hummingbird|AsyncHTTPClient|ServiceLifecycle|ArgumentParser)' <<<"$compiled"; then
  echo "example ($scratch): an app dependency was compiled: $(grep -E '^(NIO|GRDB|Hummingbird|AsyncHTTPClient)' <<<"$compiled" | tr '\n' ' ')" >&2
  exit 1
fi
# SwiftPM plans every product of the toolkit (an empty SpindleUIPictures.build folder): compiled
# means object files in it.
if compgen -G "$scratch/debug/SpindleUIPictures.build/*.o" >/dev/null; then
  echo "example ($scratch): the pictures product was compiled (SpindleUIPictures)" >&2
  exit 1
fi
for binary in "$scratch"/debug/* "$scratch"/release/*; do
  [ -f "$binary" ] && [ -x "$binary" ] || continue
  # Read whole, then searched: `grep -q` closing the pipe at a match would fail the pipe under
  # pipefail, and the check would miss the very link it looks for.
  links="$(ldd "$binary" 2>/dev/null || true)"
  if grep -qE 'libchafa|libglib|libpng' <<<"$links"; then
    echo "example ($scratch): $binary links $(grep -oE 'lib(chafa|glib|png)[^ ]*' <<<"$links" | tr '\n' ' ')" >&2
    exit 1
  fi
  # zlib is asked for directly: ldd lists it for any binary with Foundation (FoundationNetworking's
  # libcurl loads it), so only the binary's own needs tell whether it links zlib itself.
  needed="$(readelf -dW "$binary" 2>/dev/null || true)"
  if grep -qE 'NEEDED.*\[libz\.so' <<<"$needed"; then
    echo "example ($scratch): $binary links libz itself (the pictures' kitty deflate)" >&2
    exit 1
  fi
done
echo "example ($scratch): fetched $(tr '\n' ' ' <<<"$fetched")and compiled $(wc -l <<<"$compiled") modules, none of the app's nor the pictures' (no libchafa, glib or libpng, no zlib of its own linked)"
