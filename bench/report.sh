#!/usr/bin/env bash
# What devtrace report costs on a long run: a run of OPS one-element adds on
# the emulated device (an allocation, a launch and a free each) with every
# event kept (DEVTRACE_EVENTS, and DEVTRACE_EVENTS_WAIT=1: the program
# outruns the rows), then its HTML page and its trace events,
# best of R each.
#   bench/report.sh [BUILD_DIR] [OPS] [R]
# Prints: the events kept, the report's size, and for html and trace the
# seconds to write and the bytes written.
set -euo pipefail
build=${1:-build}; ops=${2:-340000}; runs=${3:-3}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export DT_DEVICE=sim DT_SIM_QUIET=1 OPENBLAS_NUM_THREADS=1
DEVTRACE_EVENTS=$((ops * 3 + 100)) DEVTRACE_EVENTS_WAIT=1 DEVTRACE_DB=$dir/run.db \
  LD_PRELOAD=$(realpath "$build/lib/libdevtrace.so") "$build/bench/bench_shim_load" ops "$ops" >/dev/null
events=$(sqlite3 "$dir/run.db" 'SELECT count(*) FROM events')
printf 'a run of %d adds: %d events kept, report %d bytes\n' "$ops" "$events" "$(stat -c %s "$dir/run.db")"
for format in html trace; do
  best=
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N)
    "$build/bin/devtrace" report "$dir/run.db" --format "$format" -o "$dir/out.$format"
    t=$(echo "$(date +%s.%N) - $t0" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  printf '%s: %.2f s, %d bytes\n' "$format" "$best" "$(stat -c %s "$dir/out.$format")"
done
