#!/usr/bin/env bash
# A source that includes files that are not regular files, as clang reads
# them (empty, their size being 0): /dev/zero by its name, through a link
# and through a macro, -include /dev/urandom, and a FIFO no one writes.
# devcheck must say the file's finding in a few seconds and a few hundred
# MiB: one that hangs or grows past 1 GiB is stopped, and fails.
#   special_files.sh DEVCHECK FLAGS...
set -u
devcheck=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/pipe.h"
ln -s /dev/zero "$dir/zero.h"
cat >"$dir/hostile.c" <<'SOURCE'
#include "/dev/zero"
#include "zero.h"
#include "pipe.h"
#define ZERO "/dev/zero"
#include ZERO
#include <cuda_runtime_api.h>

void f(void)
{
    float *d;
    cudaMalloc((void **)&d, 4);
    d[0] = 1.0f;
}
SOURCE
"$devcheck" "$dir/hostile.c" -- -include /dev/urandom "$@" >"$dir/out" 2>&1 &
pid=$!
for ((tick = 0; tick < 1200; tick++)); do
  kill -0 "$pid" 2>/dev/null || break
  rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
  if [ "${rss:-0}" -gt $((1 << 20)) ]; then
    kill -9 "$pid"
    echo "devcheck took more than 1 GiB (${rss} kB): stopped"
    exit 1
  fi
  sleep 0.05
done
if kill -0 "$pid" 2>/dev/null; then
  kill -9 "$pid"
  echo "devcheck still runs after 60 s: stopped"
  exit 1
fi
wait "$pid"
status=$?
cat "$dir/out"
[ "$status" = 1 ] || { echo "exit status $status, expected 1"; exit 1; }
grep -q "hostile.c:12:5: error: .*\[devcheck-host-deref\]" "$dir/out" ||
  { echo "the file's finding is not said"; exit 1; }
