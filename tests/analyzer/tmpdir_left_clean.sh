#!/usr/bin/env bash
# devcheck in a TMPDIR of its own exits STATUS and leaves nothing there:
# the run's temporary files (the CUDA preludes) are gone whatever became of
# its files.
#   tmpdir_left_clean.sh DEVCHECK STATUS ARGS...
set -u
devcheck=$1 want=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TMPDIR=$tmp "$devcheck" "$@" >"$tmp.out" 2>"$tmp.err"
status=$?
out=$(cat "$tmp.out") err=$(cat "$tmp.err")
rm -f "$tmp.out" "$tmp.err"
left=$(ls -A "$tmp")
echo "exit $status, left in TMPDIR: ${left:-nothing}"
printf '%s\n%s\n' "$out" "$err"
[ "$status" = "$want" ] || { echo "exit status $status, expected $want"; exit 1; }
[ -z "$left" ] || { echo "the run's temporary files were left behind"; exit 1; }
