#!/usr/bin/env bash
# devcheck's cost against the compiler's own parse of the same code: a
# generated corpus (bench/analyzer/gen_corpus.py) checked by
#   devcheck FILES -- FLAGS
# and parsed by
#   clang-19 -fsyntax-only FLAGS FILES
# with the same files and flags, runs interleaved, best of R each.
#   bench/analyzer.sh [BUILD_DIR] [R] [FILES] [SEED]
# Prints both best wall times, their ratio, lines per second, and the peak
# resident memory of each (of its largest run).
#
# clang's driver runs one cc1 process per file when given several, so its
# time is mostly process start-up.  A third command splits devcheck's own
# time: bench/analyzer/parse_only.c, built here against the same libclang,
# parses the files as devcheck's front end does and analyzes nothing.
set -euo pipefail
build=${1:-build}; runs=${2:-5}; nfiles=${3:-40}; seed=${4:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
devcheck=$build/bin/devcheck
clang=/usr/lib/llvm-19/bin/clang

if [ ! -x "$devcheck" ]; then
  echo "no $devcheck: build it first (cmake --build $build --target devcheck)" >&2
  exit 1
fi
if [ ! -x "$clang" ]; then
  echo "no $clang, the baseline: apt-get install clang-19" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
parse_only=$work/parse_only
if ! cc -O2 -I/usr/lib/llvm-19/include "$root/bench/analyzer/parse_only.c" -o "$parse_only" \
     -L/usr/lib/llvm-19/lib -lclang -Wl,-rpath,/usr/lib/llvm-19/lib 2>"$work/cc.err"; then
  echo "(no libclang-19-dev to build parse_only: no parse-only figure)" >&2
  parse_only=""
fi
mapfile -t files < <(python3 "$root/bench/analyzer/gen_corpus.py" "$work/corpus" \
                       --files "$nfiles" --seed "$seed")
lines=$(cat "${files[@]}" | wc -l)
# What devcheck reads the headers with (-D__DEVCHECK__ turns the annotations
# into attributes), given to clang too so both parse the same text.
flags=(-std=gnu11 -D__DEVCHECK__ -I"$root/runtime" -I"$root/analyzer/include"
       -I"$root/kernels" -I"$root/runtime/sim/include")

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

declare -a dc_t cl_t po_t
dc_rss=0; cl_rss=0; po_rss=0
for _ in $(seq "$runs"); do
  status=0; r=$(measure devcheck "$devcheck" "${files[@]}" -- "${flags[@]}") || status=$?
  check_status devcheck "$status" 1
  dc_t+=("${r% *}"); [ "${r#* }" -gt "$dc_rss" ] && dc_rss=${r#* }
  status=0; r=$(measure clang "$clang" -fsyntax-only "${flags[@]}" "${files[@]}") || status=$?
  check_status clang "$status" 0
  cl_t+=("${r% *}"); [ "${r#* }" -gt "$cl_rss" ] && cl_rss=${r#* }
  if [ -n "$parse_only" ]; then
    status=0; r=$(measure parse_only "$parse_only" "${files[@]}" -- "${flags[@]}") || status=$?
    check_status parse_only "$status" 0
    po_t+=("${r% *}"); [ "${r#* }" -gt "$po_rss" ] && po_rss=${r#* }
  fi
done

best() { printf '%s\n' "$@" | sort -g | head -1; }
dc=$(best "${dc_t[@]}"); cl=$(best "${cl_t[@]}")
findings=$(grep -c ': warning: ' "$work/devcheck.out" || true)
printf 'corpus: %d files, %d lines (gen_corpus.py --seed %d); best of %d runs each\n' \
  "${#files[@]}" "$lines" "$seed" "$runs"
printf 'devcheck:               %.3f s, %.0f lines/s, peak RSS %.1f MiB, %d findings\n' \
  "$dc" "$(echo "$lines / $dc" | bc -l)" "$(echo "$dc_rss / 1024" | bc -l)" "$findings"
printf 'clang-19 -fsyntax-only: %.3f s, %.0f lines/s, peak RSS %.1f MiB\n' \
  "$cl" "$(echo "$lines / $cl" | bc -l)" "$(echo "$cl_rss / 1024" | bc -l)"
printf 'ratio devcheck / clang: %.2f\n' "$(echo "$dc / $cl" | bc -l)"
if [ -n "$parse_only" ]; then
  po=$(best "${po_t[@]}")
  printf 'libclang parse only:    %.3f s, %.0f lines/s, peak RSS %.1f MiB\n' \
    "$po" "$(echo "$lines / $po" | bc -l)" "$(echo "$po_rss / 1024" | bc -l)"
  printf 'ratio devcheck / parse only: %.2f (the analysis: %.1f ms per file)\n' \
    "$(echo "$dc / $po" | bc -l)" "$(echo "($dc - $po) * 1000 / ${#files[@]}" | bc -l)"
fi
