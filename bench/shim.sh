#!/usr/bin/env bash
# The shim's overhead, on the emulated device: the same program with and
# without LD_PRELOAD=libdevtrace.so, runs interleaved, best of R each.
#   bench/shim.sh [BUILD_DIR] [OPS] [CALLS] [R]
# Prints: the wall-time ratio of a launch-heavy devtensor program (OPS
# one-element adds: allocation, launch, free), for the whole process and for
# its loop alone (start and exit cost the shim a fixed few milliseconds:
# opening the report, symbolizing, closing it), as best of R each and as the
# median of the R paired ratios, which a noisy machine moves less; the same
# for a small model's forward passes (OPS/100 of them, bench_shim_load mlp),
# a more typical mix of op sizes; the loop the cost target is set on
# (bench_shim_load loop, OPS/10 steps of a forward pass, a softmax and a sum
# on small tensors); the shim's added cost per
# intercepted call (CALLS cudaMemset calls, timed inside the loop), and the
# rate at which events reach SQLite (the whole process, report included);
# and the same CALLS with every event kept in time (DEVTRACE_EVENTS=CALLS,
# DEVTRACE_EVENTS_WAIT=1: a memset loop outruns the rows)
# against none kept (DEVTRACE_EVENTS=0): per call, whole process, report size.
set -euo pipefail
build=${1:-build}; ops=${2:-20000}; calls=${3:-200000}; runs=${4:-5}
load=$build/bench/bench_shim_load
shim=$(realpath "$build/lib/libdevtrace.so")
db=$(mktemp -d)/bench.db
# OpenBLAS keeps a spinning thread per core that the adds never use: on a small
# machine it would take the core the shim's writer runs on.
export DT_DEVICE=sim DT_SIM_QUIET=1 DEVTRACE_DB=$db OPENBLAS_NUM_THREADS=1

best() { sort -g | head -1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (v[int((NR + 1) / 2)] + v[int(NR / 2) + 1]) / 2 }'; }
# wall seconds of a whole process, and the loop's own seconds it printed
run() {   # run PRELOAD ARGS...
  local pre=$1; shift
  local t0 t1 inner
  t0=$(date +%s.%N)
  inner=$(LD_PRELOAD=$pre "$load" "$@")
  t1=$(date +%s.%N)
  echo "$(echo "$t1 - $t0" | bc -l) $inner"
}

forwards=$((ops / 100))     # a forward pass is 7 ops, each some 15 us on the emulator
declare -a base_ops shim_ops base_loop shim_loop base_calls shim_calls wall_calls pair_ratios
declare -a base_mlp shim_mlp mlp_ratios base_step shim_step step_ratios
declare -a kept_calls kept_wall none_calls none_wall
steps=$((ops / 10))
for _ in $(seq "$runs"); do
  base_mlp+=("$(run '' mlp "$forwards" | cut -d' ' -f2)")
  shim_mlp+=("$(run "$shim" mlp "$forwards" | cut -d' ' -f2)")
  mlp_ratios+=("$(echo "${shim_mlp[-1]} / ${base_mlp[-1]}" | bc -l)")
  base_step+=("$(run '' loop "$steps" | cut -d' ' -f2)")
  shim_step+=("$(run "$shim" loop "$steps" | cut -d' ' -f2)")
  step_ratios+=("$(echo "${shim_step[-1]} / ${base_step[-1]}" | bc -l)")
  r=$(run '' ops "$ops"); base_ops+=("${r% *}"); base_loop+=("${r#* }")
  r=$(run "$shim" ops "$ops"); shim_ops+=("${r% *}"); shim_loop+=("${r#* }")
  pair_ratios+=("$(echo "${shim_loop[-1]} / ${base_loop[-1]}" | bc -l)")
  base_calls+=("$(run '' calls "$calls" | cut -d' ' -f2)")
  r=$(run "$shim" calls "$calls"); shim_calls+=("${r#* }"); wall_calls+=("${r% *}")
  r=$(DEVTRACE_EVENTS=0 run "$shim" calls "$calls"); none_calls+=("${r#* }"); none_wall+=("${r% *}")
  none_size=$(stat -c %s "$db")
  r=$(DEVTRACE_EVENTS=$calls DEVTRACE_EVENTS_WAIT=1 run "$shim" calls "$calls"); kept_calls+=("${r#* }"); kept_wall+=("${r% *}")
  kept_size=$(stat -c %s "$db")
done
bo=$(printf '%s\n' "${base_ops[@]}" | best); so=$(printf '%s\n' "${shim_ops[@]}" | best)
bl=$(printf '%s\n' "${base_loop[@]}" | best); sl=$(printf '%s\n' "${shim_loop[@]}" | best)
bc_=$(printf '%s\n' "${base_calls[@]}" | best); sc=$(printf '%s\n' "${shim_calls[@]}" | best)
wc_=$(printf '%s\n' "${wall_calls[@]}" | best)
events=$(sqlite3 "$db" 'SELECT sum(calls) FROM api_calls')
printf 'devtensor ops (%d one-element adds, 3 intercepted calls each), whole process: %.3f s without, %.3f s with the shim: ratio %.3f\n' \
  "$ops" "$bo" "$so" "$(echo "$so / $bo" | bc -l)"
printf '  the loop alone: %.3f s without, %.3f s with: ratio %.3f, %.0f ns added per op\n' \
  "$bl" "$sl" "$(echo "$sl / $bl" | bc -l)" "$(echo "($sl - $bl) * 1000000000 / $ops" | bc -l)"
printf '  the loop, run by run (each shim run over the run just before it): median ratio %.3f\n' \
  "$(printf '%s\n' "${pair_ratios[@]}" | median)"
bm=$(printf '%s\n' "${base_mlp[@]}" | best); sm=$(printf '%s\n' "${shim_mlp[@]}" | best)
printf 'a small model (%d forward passes, 21 intercepted calls each), the loop: %.3f s without, %.3f s with: ratio %.3f; median of paired ratios %.3f\n' \
  "$forwards" "$bm" "$sm" "$(echo "$sm / $bm" | bc -l)" "$(printf '%s\n' "${mlp_ratios[@]}" | median)"
bs=$(printf '%s\n' "${base_step[@]}" | best); ss=$(printf '%s\n' "${shim_step[@]}" | best)
printf 'the target loop (%d steps: forward, softmax, sum; 30 intercepted calls each), the loop: %.3f s without, %.3f s with: ratio %.3f; median of paired ratios %.3f\n' \
  "$steps" "$bs" "$ss" "$(echo "$ss / $bs" | bc -l)" "$(printf '%s\n' "${step_ratios[@]}" | median)"
printf 'per intercepted call (%d cudaMemset): %.0f ns without, %.0f ns with: %.0f ns added\n' \
  "$calls" "$(echo "$bc_ * 1000000000 / $calls" | bc -l)" "$(echo "$sc * 1000000000 / $calls" | bc -l)" \
  "$(echo "($sc - $bc_) * 1000000000 / $calls" | bc -l)"
printf 'events into SQLite: %d events, whole process %.3f s: %.0f events/s\n' \
  "$events" "$wc_" "$(echo "$events / $wc_" | bc -l)"
nc=$(printf '%s\n' "${none_calls[@]}" | best); kc=$(printf '%s\n' "${kept_calls[@]}" | best)
nw=$(printf '%s\n' "${none_wall[@]}" | best); kw=$(printf '%s\n' "${kept_wall[@]}" | best)
printf 'events in time (%d cudaMemset): none kept %.0f ns a call, %.3f s whole process, report %d bytes; all kept %.0f ns a call, %.3f s, report %d bytes\n' \
  "$calls" "$(echo "$nc * 1000000000 / $calls" | bc -l)" "$nw" "$none_size" \
  "$(echo "$kc * 1000000000 / $calls" | bc -l)" "$kw" "$kept_size"
