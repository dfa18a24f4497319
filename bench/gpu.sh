#!/usr/bin/env bash
# The GPU check: what only a machine with an NVIDIA GPU can show.  It builds
# the runtime, the shim and devtrace (not the analyzer, which needs libclang)
# and then, on the real device:
#   1. the whole test suite with DT_DEVICE unset (the shim's tests then run
#      devtensor on the GPU),
#      and test_sim_ops in eight loops at once (it hung on glibc 2.39 once
#      libcudasim used TLS descriptors), with the stacks of a run that stops;
#   2. every devtensor example on the GPU against the emulated device: the
#      same exit status and output, and a bug form's same message;
#   3. every example under `devtrace run`: its findings, and its time; and
#      under `devtrace run --timeline` (device times): the same findings;
#   4. the raw CUDA mistakes of bench/gpu_bugs.cu, built by nvcc with the
#      static and with the shared libcudart, alone, under the shim (by
#      default, and with --timeline) and under compute-sanitizer: what each
#      sees (and a program that forks after using the GPU: the same end
#      under the shim as alone);
#   5. compute-sanitizer on the devtensor bug examples beside the shim;
#   6. the slowdown of each tool on a correct copy-launch-copy loop: the
#      shim by default (no device times), with --timeline, and with
#      --timeline once its events are capped (CUPTI's activity then stops);
#   7. bench_ops: the runtime's own kernels on the GPU.
# Results: OUT_DIR/gpu.md (tables, for bench/README.md) and the logs beside it.
#
#   bench/gpu.sh [OUT_DIR]          (default: $OUT, else build-gpu/out)
#
# A GPU machine may lack Debian's -dev packages and have no network: the
# packages the build needs can be carried as .deb files in .gpudeps/ (made on
# a Debian machine with: mkdir .gpudeps && cd .gpudeps && apt-get download
# libsqlite3-dev libsqlite3-0 libdw-dev libdw1 libelf-dev libelf1
# libopenblas-dev libopenblas-pthread-dev libopenblas0-pthread libopenblas0
# libgfortran5 zlib1g-dev); they are unpacked under /tmp, never over /.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/cuda/bin
out=$(realpath -m "${1:-${OUT:-build-gpu/out}}")
build=build-gpu
mkdir -p "$out"
md=$out/gpu.md
: >"$md"
say() { printf '%s\n' "$*" | tee -a "$md"; }
secs() { date +%s.%N; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
since() { awk -v a="$1" -v b="$(secs)" 'BEGIN { printf "%.2f", b - a }'; }
first_line() { grep -m1 -E "$1" "$2" | cut -c1-140 | tr '|' '/'; }
# found DB: its findings as kind:line×count, or none.
found() {
  local f
  f=$("$bin/devtrace" report "$1" findings --format csv 2>/dev/null | tail -n +2 | cut -d, -f4,6 |
      sed 's/,/:/' | sort | uniq -c | awk '{ printf "%s%s×%s", (NR > 1 ? ", " : ""), $2, $1 }')
  echo "${f:-none}"
}

# --- 1. The machine ----------------------------------------------------------
say "## The machine"
say '```'
{
  nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader
  nvcc --version | tail -1
  cmake --version | head -1
  gcc --version | head -1
  compute-sanitizer --version | tail -1
  grep PRETTY_NAME /etc/os-release
  nproc
  ldconfig -p | grep -oE '^\s*lib(sqlite3|dw|elf|openblas|cupti|cudart|cuda)\.so[.0-9]*' | sort -u | paste -sd' '
} 2>&1 | tee -a "$md"
say '```'

# --- 2. Libraries: the system's, or the carried packages ---------------------
deps=/tmp/gpudeps
have_header() { printf '#include <%s>\n' "$1" | cc -E -x c - "${@:2}" >/dev/null 2>&1; }
cmake_extra=()
# The shim links SQLite's static library (shim/CMakeLists.txt says why).
have_static() { [ "$(cc -print-file-name="$1")" != "$1" ]; }
if ! have_header sqlite3.h || ! have_static libsqlite3.a || ! have_header elfutils/libdwfl.h ||
   ! { have_header cblas.h || have_header openblas/cblas.h; } || [ -n "${GPU_FORCE_DEBS:-}" ]; then
  if ! ls .gpudeps/*.deb >/dev/null 2>&1; then
    say "missing -dev packages and no .gpudeps/*.deb to unpack: see the top of bench/gpu.sh"
    exit 2
  fi
  rm -rf "$deps"; mkdir -p "$deps/missing"
  for f in .gpudeps/*.deb; do dpkg -x "$f" "$deps"; done
  multi=$deps/usr/lib/x86_64-linux-gnu
  # Only the shared libraries the system lacks go on the loader's path, so
  # the system's own programs keep their own.
  for so in libsqlite3.so.0 libdw.so.1 libelf.so.1 libopenblas.so.0 libgfortran.so.5 libz.so.1; do
    ldconfig -p | grep -q "^[[:space:]]*$so " && continue
    f=$(find "$deps" -name "$so" | head -1)
    [ -n "$f" ] && ln -sf "$f" "$deps/missing/$so"
  done
  export LD_LIBRARY_PATH=$deps/missing${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export PATH=$PATH:$deps/usr/bin
  cmake_extra=(-DCMAKE_INCLUDE_PATH="$deps/usr/include;$deps/usr/include/x86_64-linux-gnu/openblas-pthread"
               -DCMAKE_LIBRARY_PATH="$multi/openblas-pthread;$multi")
  say "unpacked the carried packages: $(ls .gpudeps | tr '\n' ' ')"
  say "on the loader's path: $(ls "$deps/missing" | tr '\n' ' ')"
fi

# --- 3. Build -----------------------------------------------------------------
t0=$(secs)
if ! { cmake -S . -B "$build" -G Ninja -DDEVCHECK_ANALYZER=OFF "${cmake_extra[@]}" &&
       cmake --build "$build" -j "$(nproc)"; } >"$out/build.log" 2>&1; then
  say "build failed:"; tail -30 "$out/build.log" | tee -a "$md"
  exit 1
fi
say "built in $(since "$t0") s; the real-GPU backend: $(ls "$build/lib/libdevtensor-cuda.so" 2>&1)"
bin=$build/bin lib=$build/lib ex=$build/examples
export DT_SIM_QUIET=1 OPENBLAS_NUM_THREADS=1
unset DT_DEVICE

# --- 4. The test suite with DT_DEVICE unset -----------------------------------
say "## The test suite, DT_DEVICE unset"
t0=$(secs)
timeout 240 ctest --test-dir "$build" -j 8 --timeout 60 --output-on-failure >"$out/ctest.log" 2>&1
say "ctest exit $? in $(since "$t0") s: $(grep -E 'tests passed|tests failed' "$out/ctest.log")"
grep -E '^\s+[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess)' "$out/ctest.log" | tee -a "$md"

# --- 4b. test_sim_ops in a loop --------------------------------------------------
# Eight loops side by side for a while; a run that outlives 20 s has its
# threads' stacks written to hang.log (gdb, else cuda-gdb, else /proc).
say "## test_sim_ops, 8 loops side by side for 40 s"
stacks() {
  local dbg
  for dbg in gdb cuda-gdb; do
    command -v "$dbg" >/dev/null || continue
    timeout 60 "$dbg" -p "$1" -batch -ex 'info threads' -ex 'thread apply all bt' 2>&1 && return
  done
  for t in /proc/"$1"/task/*; do echo "$t $(cat "$t/comm") wchan=$(cat "$t/wchan") syscall=$(cat "$t/syscall")"; done
}
sim_loop() {
  local end=$(( $(date +%s) + 40 )) n=0 hung=0
  while [ "$(date +%s)" -lt "$end" ]; do
    DT_DEVICE=sim DT_SIM_DEVICES=2 "$build/tests/test_sim_ops" >/dev/null 2>&1 & local pid=$!
    local i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    if kill -0 "$pid" 2>/dev/null; then
      { echo "== loop $1 run $n: pid $pid outlived 20 s"; stacks "$pid"; } >>"$out/hang.log" 2>&1
      kill -9 "$pid"; hung=$((hung + 1))
    fi
    wait "$pid" 2>/dev/null
    n=$((n + 1))
  done
  echo "$n $hung"
}
for l in 1 2 3 4 5 6 7 8; do sim_loop $l >"$out/loop$l.txt" & done
wait
say "runs, hung: $(cat "$out"/loop?.txt | awk '{ r += $1; h += $2 } END { print r ", " h }')"
[ -s "$out/hang.log" ] && head -c 4000 "$out/hang.log" | tee -a "$md"
rm -f "$out"/loop?.txt

# --- 5. Examples: the GPU against the emulated device, and under the shim -----
say "## The examples on the GPU (DT_DEVICE unset) against the emulated device"
say "| example | GPU exit | emulated exit | same stdout | GPU message | shim findings (GPU) | same with --timeline | alone s | shim s |"
say "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
bugs=()
for src in examples/*.c; do
  name=$(basename "$src" .c)
  case $name in raw_*) continue ;; esac         # linked to the emulated device itself
  [ -x "$ex/$name" ] || continue
  t0=$(secs); timeout 20 "$ex/$name" >"$out/gpu.out" 2>"$out/gpu.err"; rc=$?; ta=$(since "$t0")
  DT_DEVICE=sim timeout 20 "$ex/$name" >"$out/sim.out" 2>"$out/sim.err"; src_rc=$?
  same=no; cmp -s "$out/gpu.out" "$out/sim.out" && same=yes
  db=$out/ex.db; rm -f "$db"
  t0=$(secs); timeout 30 "$bin/devtrace" run -o "$db" -- "$ex/$name" >/dev/null 2>&1; ts=$(since "$t0")
  plain=$(found "$db"); rm -f "$db"
  timeout 30 "$bin/devtrace" run --timeline -o "$db" -- "$ex/$name" >/dev/null 2>&1
  timed=$(found "$db"); [ "$timed" = "$plain" ] && timed=yes
  say "| $name | $rc | $src_rc | $same | $(first_line 'error|Expected' "$out/gpu.err") | $plain | $timed | $ta | $ts |"
  case $name in *_bug) bugs+=("$name") ;; esac
done

# --- 6. nvcc's programs: static and shared libcudart ---------------------------
say "## bench/gpu_bugs.cu built by nvcc: alone, under the shim, under compute-sanitizer"
say "| cudart | mistake | alone | shim exit | shim findings | same with --timeline | sanitizer exit | sanitizer errors |"
say "| --- | --- | --- | --- | --- | --- | --- | --- |"
mistakes=(host_pointer_kernel_arg memcpy_direction memcpy_out_of_bounds use_after_free double_free fixed
          fork)
for kind in static shared; do
  prog=$build/bench/gpu_bugs_$kind
  [ -x "$prog" ] || { say "| $kind | (not built) |"; continue; }
  for m in "${mistakes[@]}"; do
    alone=$(timeout 20 "$prog" "$m" 2>&1 | tr '\n' ' '; echo " (exit ${PIPESTATUS[0]})")
    db=$out/raw.db; rm -f "$db"
    timeout 30 "$bin/devtrace" run -o "$db" -- "$prog" "$m" >/dev/null 2>&1; src=$?
    plain=$(found "$db"); rm -f "$db"
    timeout 30 "$bin/devtrace" run --timeline -o "$db" -- "$prog" "$m" >/dev/null 2>&1
    timed=$(found "$db"); [ "$timed" = "$plain" ] && timed=yes
    timeout 60 compute-sanitizer --error-exitcode 9 "$prog" "$m" >"$out/san.log" 2>&1; cs=$?
    echo "== $kind $m" >>"$out/sanitizer.log"; cat "$out/san.log" >>"$out/sanitizer.log"
    errs=$(grep -m1 -oE 'ERROR SUMMARY: [0-9]+' "$out/san.log" | grep -oE '[0-9]+$')
    kinds=$(grep -oE '^========= (Invalid|Program hit|Address|Malloc|Cuda API|Host API)[^(]*' "$out/san.log" |
            sed 's/^========= //' | sort | uniq -c | awk '{ $1 = $1 "×"; print }' | paste -sd';' | cut -c1-120)
    say "| $kind | $m | ${alone:0:90} | $src | $plain | $timed | $cs | ${errs:-?} ${kinds} |"
  done
done

# --- 7. compute-sanitizer on devtensor's bug examples --------------------------
say "## compute-sanitizer on the devtensor bug examples (the shim's findings are in the table above)"
say "| example | sanitizer exit | sanitizer errors | alone s | sanitizer s |"
say "| --- | --- | --- | --- | --- |"
for name in "${bugs[@]}"; do
  t0=$(secs); timeout 20 "$ex/$name" >/dev/null 2>&1; ta=$(since "$t0")
  t0=$(secs); timeout 60 compute-sanitizer --error-exitcode 9 "$ex/$name" >"$out/san.log" 2>&1; cs=$?
  tc=$(since "$t0")
  echo "== $name" >>"$out/sanitizer.log"; cat "$out/san.log" >>"$out/sanitizer.log"
  errs=$(grep -m1 -oE 'ERROR SUMMARY: [0-9]+' "$out/san.log" | grep -oE '[0-9]+$')
  say "| $name | $cs | ${errs:-?} | $ta | $tc |"
done

# --- 8. Slowdown on a correct loop ---------------------------------------------
say "## Slowdown: gpu_bugs loop (pinned copy in, launch, copy out), best of 3"
say "| cudart | rounds | alone s | shim s | --timeline s | --timeline, 2 events s | sanitizer s | shim × | --timeline × | --timeline, 2 events × | sanitizer × |"
say "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
best() { sort -g | head -1; }
# shim [OPTION...]: the loop's best seconds under devtrace run OPTION...
shim() { for _ in 1 2 3; do t0=$(secs); "$bin/devtrace" run "$@" -o "$out/loop.db" -- "$prog" loop $rounds \
                               >/dev/null 2>&1; since "$t0"; echo; done | best; }
for kind in static shared; do
  prog=$build/bench/gpu_bugs_$kind
  [ -x "$prog" ] || continue
  rounds=20000
  a=$(for _ in 1 2 3; do t0=$(secs); "$prog" loop $rounds >/dev/null 2>&1; since "$t0"; echo; done | best)
  s=$(shim); tl=$(shim --timeline)
  capped=$(for _ in 1 2 3; do t0=$(secs)
                 DEVTRACE_EVENTS=2 timeout 60 "$bin/devtrace" run --timeline -o "$out/loop.db" -- "$prog" loop \
                     $rounds >/dev/null 2>&1; echo "$? $(since "$t0")"; done)
  rcs=$(awk '{ print $1 }' <<<"$capped" | sort -u | paste -sd,)
  c2=$(awk '{ print $2 }' <<<"$capped" | best)
  c=$(t0=$(secs); timeout 120 compute-sanitizer "$prog" loop $rounds >/dev/null 2>&1; since "$t0")
  say "| $kind | $rounds | $a | $s | $tl | $c2 (exit $rcs) | $c | $(ratio "$s" "$a") | $(ratio "$tl" "$a") | $(ratio "$c2" "$a") | $(ratio "$c" "$a") |"
done
# --- 9. The runtime's kernels on the device -----------------------------------
say "## bench_ops on the device (matmul n = 8192, add of 256M f32)"
say '```'
timeout 120 "$build/bench/bench_ops" cuda 8192 268435456 2>&1 | tee -a "$md"
say '```'
rm -f "$out"/*.db* "$out"/gpu.out "$out"/gpu.err "$out"/sim.out "$out"/sim.err "$out"/san.log
say "done"
