#!/usr/bin/env bash
# Two C++ files that include <torch/torch.h>, read with the same flags,
# share a precompiled prelude of that header, kept in the cache the other
# libtorch tests then read theirs from (emptied first: this run makes it).
# After the run the cache holds the prelude's source, which includes the
# header, and its .pch; nothing is left in the temporary folder; the
# files' findings are said as without it (devcheck_verify's tests of the
# same files check them).
#   libtorch_prelude.sh DEVCHECK CACHE FILE1 FILE2 -- FLAGS...
set -u
devcheck=$1 cache=$2 first=$3 second=$4
shift 5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$cache"
TMPDIR=$tmp "$devcheck" -j 1 --cache "$cache" "$first" "$second" -- "$@" >"$tmp/out" 2>&1
status=$?
sources=$(find "$cache" -name '*.cpp' 2>/dev/null)
echo "devcheck: exit $status; the cache's prelude sources: ${sources:-none}"
cat "$tmp/out"
[ "$status" -le 1 ] || exit 1
[ -n "$(find "$cache" -name '*.cpp' -exec grep -qx '#include <torch/torch.h>' {} \; -print)" ] ||
  { echo "no libtorch prelude"; exit 1; }
[ -n "$(find "$cache" -name '*.pch')" ] || { echo "the prelude was not precompiled"; exit 1; }
[ -z "$(ls -A "$tmp" | grep -v '^out$')" ] || { echo "the prelude's folder was left behind"; exit 1; }
