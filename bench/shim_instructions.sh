#!/usr/bin/env bash
# The shim's cost in instructions, which a busy machine cannot disturb:
# valgrind's callgrind counts the program's own thread (the writer's work is
# on another core) running `bench_shim_load LOAD` at N and 2N steps, with
# and without LD_PRELOAD=libdevtrace.so; the difference of the two lengths
# is the cost of N steps, so start and exit drop out.  --fair-sched=yes
# hands the threads the one core in turn, so that how often the program's
# thread waits on the writer (a full queue) repeats from run to run.
#   bench/shim_instructions.sh [BUILD_DIR] [LOAD] [N] [DEVTRACE_EVENTS]
# Build without -g for the issue's figure (-DCMAKE_BUILD_TYPE=Release).
# Prints instructions a step alone, with the shim, and what the shim adds;
# SHOW=1 also prints the shim's functions, by their own cost a step.
set -euo pipefail
build=${1:-build-rel}; load=${2:-loop}; n=${3:-2000}
export DEVTRACE_EVENTS=${4:-${DEVTRACE_EVENTS:-100000}}
export DT_DEVICE=sim DT_SIM_QUIET=1 DT_SIM_THREADS=1 OPENBLAS_NUM_THREADS=1
prog=$build/bench/bench_shim_load
shim=$(realpath "$build/lib/libdevtrace.so")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export DEVTRACE_DB=$dir/bench.db

# The program's thread: callgrind names its file <out>-01.
count() {   # count PRELOAD STEPS
  local out=$dir/cg.$1$2
  out=${out//\//_}
  LD_PRELOAD=$1 valgrind -q --fair-sched=yes --tool=callgrind --separate-threads=yes \
    --callgrind-out-file="$dir/$out" "$prog" "$load" "$2" >/dev/null
  echo "$dir/$out-01"
}
total() { callgrind_annotate "$1" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }

b1=$(count '' "$n"); b2=$(count '' $((2 * n)))
s1=$(count "$shim" "$n"); s2=$(count "$shim" $((2 * n)))
base=$(( ($(total "$b2") - $(total "$b1")) / n ))
with=$(( ($(total "$s2") - $(total "$s1")) / n ))
printf '%s, %d steps: %d instructions a step alone, %d with the shim: +%d (%.2f%%)\n' \
  "$load" "$n" "$base" "$with" $((with - base)) "$(echo "($with - $base) * 100 / $base" | bc -l)"
if [ "${SHOW:-}" ]; then
  # each function's own cost a step (the difference of the two lengths),
  # alone and with the shim, largest change first
  self() { callgrind_annotate --threshold=100 "$1" | awk '/^ *[0-9,]+ / && !/TOTALS/ { c = $1; gsub(",", "", c); $1 = ""; sub(/^ *\( *[0-9.]+%\) */, ""); print $0 "\t" c }' | sort -t$'\t' -k1,1; }
  step() { join -t$'\t' -a1 -a2 -e0 -o 0,1.2,2.2 <(self "$1") <(self "$2") | awk -F'\t' -v n="$n" '{ print $1 "\t" ($3 - $2) / n }'; }
  join -t$'\t' -a1 -a2 -e0 -o 0,1.2,2.2 <(step "$b1" "$b2") <(step "$s1" "$s2") |
    awk -F'\t' '{ d = $3 - $2; if (d >= 10 || d <= -10) printf "%8.0f %8.0f %8.0f %s\n", $2, $3, d, $1 }' |
    sort -k3,3 -rg | head -40
fi
