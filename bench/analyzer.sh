#!/usr/bin/env bash
# devcheck's cost against the compiler's own parse of the same code, on
#   a generated corpus (bench/analyzer/gen_corpus.py):
#     bench/analyzer.sh [BUILD_DIR] [R] [FILES] [SEED]
#   a darknet checkout (github.com/pjreddie/darknet), its src/*.c and the
#   host side of its src/*.cu with GPU on, in one run: summaries across its
#   files included (needs the CUDA toolkit's headers for cublas and curand);
#   devcheck -j 2 is timed too, against -j 1:
#     bench/analyzer.sh --darknet DIR [BUILD_DIR] [R]
#   one function of N blocks (bench/analyzer/gen_long.py), N doubling from
#   1,000 to 16,000: devcheck's time against function length:
#     bench/analyzer.sh --long [BUILD_DIR] [R]
#   the libtorch examples' bug forms (examples/libtorch/*_bug.cpp), whose
#   headers are heavy (needs libtorch-dev):
#     bench/analyzer.sh --libtorch [BUILD_DIR] [R]
# Each file set is checked by
#   devcheck -j 1 FILES -- FLAGS
# and parsed by
#   clang-19 -fsyntax-only FLAGS FILES
# with the same files and flags, runs interleaved, best of R each.  Prints
# both best wall times, their ratio, lines per second, and the peak
# resident memory of each (of its largest run).
#
# clang's driver runs one cc1 process per file when given several, so its
# time is mostly process start-up.  A third command splits devcheck's own
# time: bench/analyzer/parse_only.c, built here against the same libclang,
# parses the files as devcheck's front end does and analyzes nothing.
set -euo pipefail
mode=corpus
cu_files=(); cu_flags=()
case "${1:-}" in
  --darknet) mode=darknet; darknet=${2:?"--darknet needs the checkout's folder"}; shift 2 ;;
  --long) mode=long; shift ;;
  --libtorch) mode=libtorch; shift ;;
esac
build=${1:-build}; runs=${2:-5}; nfiles=${3:-40}; seed=${4:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
devcheck=$build/bin/devcheck
clang=/usr/lib/llvm-19/bin/clang
cuda_include=/usr/local/cuda/include

if [ ! -x "$devcheck" ]; then
  echo "no $devcheck: build it first (cmake --build $build --target devcheck)" >&2
  exit 1
fi
if [ ! -x "$clang" ]; then
  echo "no $clang, the baseline: apt-get install clang-19" >&2
  exit 1
fi
if [ "$mode" = darknet ] && [ ! -f "$cuda_include/cublas_v2.h" ]; then
  echo "darknet's GPU code needs the CUDA toolkit's headers ($cuda_include)" >&2
  exit 1
fi

# shellcheck source=bench/sources.sh
source "$root/bench/sources.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
parse_only=$work/parse_only
if ! cc -O2 -I/usr/lib/llvm-19/include "$root/bench/analyzer/parse_only.c" -o "$parse_only" \
     -L/usr/lib/llvm-19/lib -lclang -Wl,-rpath,/usr/lib/llvm-19/lib 2>"$work/cc.err"; then
  echo "(no libclang-19-dev to build parse_only: no parse-only figure)" >&2
  parse_only=""
fi
# What devcheck reads the headers with (-D__DEVCHECK__ turns the annotations
# into attributes), given to clang too so both parse the same text.
flags=(-std=gnu11 -D__DEVCHECK__ -I"$root/runtime" -I"$root/include"
       -I"$root/kernels" -I"$root/runtime/sim/include")
case $mode in
  corpus)
    mapfile -t files < <(python3 "$root/bench/analyzer/gen_corpus.py" "$work/corpus" \
                           --files "$nfiles" --seed "$seed")
    what="gen_corpus.py --seed $seed" ;;
  darknet)
    # The .cu files go last, after the flags that make clang read them as
    # devcheck does.
    darknet_sources "$darknet"
    files=("${darknet_c_files[@]}"); cu_files=("${darknet_cu_files[@]}")
    flags=("${darknet_flags[@]}"); cu_flags=("${cuda_host_flags[@]}")
    parse_only=""           # it reads C only
    what="darknet's src/*.c and src/*.cu, GPU on" ;;
  libtorch)
    files=("$root"/examples/libtorch/*_bug.cpp)
    flags=(-std=c++17 -I/usr/include/torch/csrc/api/include)
    parse_only=""           # it reads C only
    what="examples/libtorch/*_bug.cpp, which devcheck reads with <torch/torch.h> precompiled" ;;
  long)
    files=() ;;
esac

# measure NAME CMD...: runs CMD, its output into $work/NAME.out and .err;
# prints "SECONDS PEAK_RSS_KB"; returns CMD's exit status.
measure() {
  local name=$1; shift
  local t0 t1 rss status=0
  t0=$(date +%s.%N)
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M -o "$work/rss" "$@" >"$work/$name.out" 2>"$work/$name.err" || status=$?
    rss=$(tail -1 "$work/rss")
  else    # the child's peak from the kernel's rusage, read by a small python parent
    rss=$(python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "w") as out, open(sys.argv[2], "w") as err:
    rc = subprocess.run(sys.argv[3:], stdout=out, stderr=err).returncode
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc)' "$work/$name.out" "$work/$name.err" "$@") || status=$?
  fi
  t1=$(date +%s.%N)
  echo "$(echo "$t1 - $t0" | bc -l) $rss"
  return $status
}

# Exit 1 is devcheck's "findings"; 2 (or a crash) means it could not check.
check_status() {
  local name=$1 status=$2 ok=$3
  if [ "$status" -gt "$ok" ]; then
    echo "$name exited $status:" >&2
    head -20 "$work/$name.err" >&2
    exit 1
  fi
}

best() { printf '%s\n' "$@" | sort -g | head -1; }

# compare: the best of $runs of devcheck, clang and the parse alone on
# "${files[@]}", into dc, cl, po (seconds) and dc_rss, cl_rss, po_rss (KiB).
compare() {
  local -a dc_t=() cl_t=() po_t=() j2_t=()
  local r status
  dc_rss=0; cl_rss=0; po_rss=0; j2_rss=0; po=""; j2=""
  for _ in $(seq "$runs"); do
    status=0
    r=$(measure devcheck "$devcheck" -j 1 "${files[@]}" "${cu_files[@]}" -- "${flags[@]}") ||
      status=$?
    check_status devcheck "$status" 1
    dc_t+=("${r% *}"); [ "${r#* }" -gt "$dc_rss" ] && dc_rss=${r#* }
    if [ ${#cu_files[@]} -gt 0 ]; then
      status=0
      r=$(measure devcheck_j2 "$devcheck" -j 2 "${files[@]}" "${cu_files[@]}" -- "${flags[@]}") ||
        status=$?
      check_status devcheck_j2 "$status" 1
      j2_t+=("${r% *}"); [ "${r#* }" -gt "$j2_rss" ] && j2_rss=${r#* }
    fi
    status=0
    r=$(measure clang "$clang" -fsyntax-only "${flags[@]}" "${files[@]}" \
          ${cu_files[@]:+"${cu_flags[@]}" "${cu_files[@]}"}) || status=$?
    check_status clang "$status" 0
    cl_t+=("${r% *}"); [ "${r#* }" -gt "$cl_rss" ] && cl_rss=${r#* }
    if [ -n "$parse_only" ]; then
      status=0; r=$(measure parse_only "$parse_only" "${files[@]}" -- "${flags[@]}") || status=$?
      check_status parse_only "$status" 0
      po_t+=("${r% *}"); [ "${r#* }" -gt "$po_rss" ] && po_rss=${r#* }
    fi
  done
  dc=$(best "${dc_t[@]}"); cl=$(best "${cl_t[@]}")
  [ ${#j2_t[@]} -eq 0 ] || j2=$(best "${j2_t[@]}")
  [ -z "$parse_only" ] || po=$(best "${po_t[@]}")
}

if [ "$mode" = long ]; then
  printf 'one function of N blocks (gen_long.py: 2N variables, N branches); best of %d\n' "$runs"
  printf '%8s %10s %12s %12s %14s %12s\n' N lines devcheck "parse only" "its analysis" "peak RSS"
  for n in 1000 2000 4000 8000 16000; do
    python3 "$root/bench/analyzer/gen_long.py" "$work/long.c" "$n"
    files=("$work/long.c")
    compare
    printf '%8d %10d %10.3f s %10.3f s %12.3f s %8.1f MiB\n' "$n" "$(wc -l <"$work/long.c")" \
      "$dc" "${po:-0}" "$(echo "$dc - ${po:-0}" | bc -l)" "$(echo "$dc_rss / 1024" | bc -l)"
  done
  exit 0
fi

lines=$(cat "${files[@]}" "${cu_files[@]}" | wc -l)
compare
findings=$(grep -cE ': (error|warning): ' "$work/devcheck.out" || true)
printf 'files: %d, %d lines (%s); best of %d runs each\n' \
  "$((${#files[@]} + ${#cu_files[@]}))" "$lines" "$what" "$runs"
printf 'devcheck:               %.3f s, %.0f lines/s, peak RSS %.1f MiB, %d findings\n' \
  "$dc" "$(echo "$lines / $dc" | bc -l)" "$(echo "$dc_rss / 1024" | bc -l)" "$findings"
printf 'clang-19 -fsyntax-only: %.3f s, %.0f lines/s, peak RSS %.1f MiB\n' \
  "$cl" "$(echo "$lines / $cl" | bc -l)" "$(echo "$cl_rss / 1024" | bc -l)"
printf 'ratio devcheck / clang: %.2f\n' "$(echo "$dc / $cl" | bc -l)"
if [ -n "$j2" ]; then
  cmp -s "$work/devcheck.out" "$work/devcheck_j2.out" || echo "devcheck -j 2 said otherwise!" >&2
  printf 'devcheck -j 2:          %.3f s, peak RSS %.1f MiB: speed-up %.2f over -j 1\n' \
    "$j2" "$(echo "$j2_rss / 1024" | bc -l)" "$(echo "$dc / $j2" | bc -l)"
fi
if [ -n "$parse_only" ]; then
  printf 'libclang parse only:    %.3f s, %.0f lines/s, peak RSS %.1f MiB\n' \
    "$po" "$(echo "$lines / $po" | bc -l)" "$(echo "$po_rss / 1024" | bc -l)"
  printf 'ratio devcheck / parse only: %.2f (the analysis: %.1f ms per file)\n' \
    "$(echo "$dc / $po" | bc -l)" "$(echo "($dc - $po) * 1000 / ${#files[@]}" | bc -l)"
fi
