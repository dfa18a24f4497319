#!/usr/bin/env bash
# Two C++ files that include <torch/torch.h>, read with the same flags,
# share a precompiled prelude of that header: while devcheck parses them its
# temporary folder holds prelude-0.cpp, which includes it; the files'
# findings are said as without it (devcheck_verify's tests of the same
# files check them).
#   libtorch_prelude.sh DEVCHECK FILE1 FILE2 -- FLAGS...
set -u
devcheck=$1 first=$2 second=$3
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TMPDIR=$tmp "$devcheck" -j 1 "$first" "$second" -- "$@" >"$tmp/out" 2>&1 &
pid=$!
prelude=""
while kill -0 "$pid" 2>/dev/null && [ -z "$prelude" ]; do
  for f in "$tmp"/devcheck-*/prelude-0.cpp; do
    [ -s "$f" ] && prelude=$(cat "$f")
  done
  sleep 0.05
done
wait "$pid"
status=$?
echo "devcheck: exit $status; prelude-0.cpp: ${prelude:-none seen}"
cat "$tmp/out"
grep -qx "#include <torch/torch.h>" <<<"$prelude" || { echo "no libtorch prelude"; exit 1; }
[ "$status" -le 1 ] || exit 1
[ -z "$(ls -A "$tmp" | grep -v '^out$')" ] || { echo "the prelude's folder was left behind"; exit 1; }
