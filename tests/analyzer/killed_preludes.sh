#!/usr/bin/env bash
# devcheck ended by a signal while its CUDA preludes are on disk (a CI
# job's timeout, a closed terminal) removes their folder first, then dies
# of the signal.  (SIGINT too, but a background job here ignores it.)  The signal is sent once the folder holds a prelude; a run that
# ends before one appears proves nothing and is skipped (77).
#   killed_preludes.sh DEVCHECK DB FILE...
set -u
devcheck=$1 db=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for signal in TERM HUP; do
  TMPDIR=$tmp "$devcheck" --no-cache -p "$db" "$@" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 5000); do
    compgen -G "$tmp/devcheck-*/prelude-*" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.002
  done
  if ! compgen -G "$tmp/devcheck-*/prelude-*" >/dev/null; then
    wait "$pid"
    echo "devcheck ended before a prelude was made: nothing tested"
    exit 77
  fi
  kill -s "$signal" "$pid"
  wait "$pid"
  status=$?
  left=$(ls -A "$tmp")
  echo "SIG$signal: exit $status, left in TMPDIR: ${left:-nothing}"
  [ "$status" -gt 128 ] || { echo "devcheck did not die of SIG$signal"; exit 1; }
  [ -z "$left" ] || { echo "the preludes' folder was left behind"; exit 1; }
done
