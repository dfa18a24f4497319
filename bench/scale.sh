#!/usr/bin/env bash
# devcheck at scale (docs/facts.md), on a code base given as
#   a build folder with compile_commands.json:   bench/scale.sh [-b BUILD] -p DB_DIR
#   files and their flags:                      bench/scale.sh [-b BUILD] FILES... -- FLAGS
#   a darknet checkout (bench/sources.sh):      bench/scale.sh [-b BUILD] --darknet DIR
# with BUILD the devcheck build to measure (default build-rel, Release), -j 1:
#   (a) the whole run's peak memory against each unit's run alone (a
#       database of that unit only): the heaviest unit, and whole/heaviest;
#   (b) the whole run's processor time (user+sys) against clang-19
#       -fsyntax-only, one process a unit, one after another, with the
#       unit's -I, -D and -std (bench/analyzer/units.py; a .cu file host side
#       only with devcheck's CUDA headers, as bench/analyzer.sh does);
#   (c) where devcheck has --cache: a cold run (empty cache), a warm one, and
#       one after a comment is appended to one file (SCALE_TOUCH, default the
#       first unit's; put back as it was at the end);
#   (d) where devcheck has capture, and the code base is a CMake build
#       (DB_DIR's CMakeCache.txt, configured again with SCALE_CMAKE_ARGS) or
#       files (their C and C++ ones as a generated CMake project): the build
#       under ninja -j1 and -j2 with and without devcheck capture as the
#       compilers' launcher, then devcheck analyze.  SCALE_CAPTURE=0 skips it
#       (a build with nvcc can take hours).
# Each measured run: /usr/bin/time's wall, user+sys, peak RSS.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
clang=$(command -v clang-19 || echo /usr/lib/llvm-19/bin/clang)
cuda_include=${CUDA_INCLUDE:-/usr/local/cuda/include}
# shellcheck source=bench/sources.sh
source "$root/bench/sources.sh"
usage="usage: bench/scale.sh [-b BUILD] (-p DB_DIR | --darknet DIR | FILES... -- FLAGS)"

build=$root/build-rel
if [ "${1:-}" = -b ]; then build=${2:?"$usage"}; shift 2; fi
devcheck=$(cd "$build" && pwd)/bin/devcheck
[ -x "$devcheck" ] || { echo "no $devcheck: build it (cmake --build $build --target devcheck)" >&2; exit 1; }
work=$(mktemp -d)
touched=""
restore() { [ -z "$touched" ] || cp -p "$work/touched" "$touched"; rm -rf "$work"; }
trap restore EXIT

files=() flags=() db="" cmake_src="" cmake_args=()
case "${1:-}" in
  -p)
    db=$(cd "${2:?"$usage"}" && pwd)
    if [ -f "$db/CMakeCache.txt" ]; then
      cmake_src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$db/CMakeCache.txt")
      read -ra cmake_args <<<"${SCALE_CMAKE_ARGS:-}"
    fi
    mkdir "$work/db"    # a copy, so that devcheck's default cache is not the build's
    cp "$db/compile_commands.json" "$work/db/" ;;
  --darknet)
    darknet_sources "${2:?"$usage"}"
    files=("${darknet_c_files[@]}" "${darknet_cu_files[@]}") flags=("${darknet_flags[@]}") ;;
  "") echo "$usage" >&2; exit 2 ;;
  *)
    # Absolute, as the generated CMake project of (d) builds elsewhere.
    while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$(realpath "$1")"); shift; done
    [ $# -gt 0 ] && shift
    for f in "$@"; do case $f in -I/*|-I) flags+=("$f") ;; -I*) flags+=("-I$PWD/${f#-I}") ;; *) flags+=("$f") ;; esac; done ;;
esac
[ ${#files[@]} -eq 0 ] || python3 "$root/bench/analyzer/units.py" db "$work/db" "${files[@]}" -- "${flags[@]}"
python3 "$root/bench/analyzer/units.py" split "$work/db" "$work/units" "${cuda_host_flags[@]}"
units=$(find "$work/units" -mindepth 1 -maxdepth 1 -type d | wc -l)

has() { "$devcheck" --help 2>&1 | grep -q -- "$1"; }
no_cache=()
if has --no-cache; then no_cache=(--no-cache); fi

# timed CMD...: CMD's output into $work/out, its status ignored (1 is
# findings, 2 a file left out: said below); sets wall, cpu and rss (KiB).
timed() {
  /usr/bin/time -f "%M %U %S %e" -o "$work/t" "$@" >"$work/out" 2>&1 || true
  read -r rss user sys wall < <(tail -1 "$work/t")    # after "Command exited with ..."
  cpu=$(echo "$user + $sys" | bc)
}
say() { printf '%-34s %8.2f s wall %8.2f s cpu %8.0f MiB\n' "$1" "$wall" "$cpu" "$(echo "$rss / 1024" | bc -l)"; }
ratio() { printf '%.3f' "$(echo "$1 / $2" | bc -l)"; }

echo "== $units units, devcheck $("$devcheck" --version 2>&1 | head -1), -j 1"
timed "$devcheck" -j 1 "${no_cache[@]}" -p "$work/db"
say "(a) whole run"
whole_rss=$rss whole_cpu=$cpu
echo "    findings: $(grep -cE ': (error|warning): .*\[devcheck-' "$work/out" || true)"
grep -E '^devcheck: .*analyzed' "$work/out" | sed 's/^/    /' || true    # files left out, if any
heaviest=0 heaviest_unit="" unit_cpu=0
for u in "$work"/units/*/; do
  timed "$devcheck" -j 1 "${no_cache[@]}" -p "$u"
  unit_cpu=$(echo "$unit_cpu + $cpu" | bc)
  if [ "$rss" -gt "$heaviest" ]; then heaviest=$rss heaviest_unit=$(cat "$u/file"); fi
done
printf '    heaviest unit alone: %s, %.0f MiB; whole/heaviest %s; units alone: %.2f s cpu in all\n' \
  "$heaviest_unit" "$(echo "$heaviest / 1024" | bc -l)" "$(ratio "$whole_rss" "$heaviest")" "$unit_cpu"

clang_cpu=0 clang_failed=0
for u in "$work"/units/*/; do
  mapfile -t args <"$u/clang.args"
  /usr/bin/time -f "%M %U %S %e" -o "$work/t" "$clang" -fsyntax-only -D__DEVCHECK__ "${args[@]}" \
    >/dev/null 2>&1 || clang_failed=$((clang_failed + 1))
  clang_cpu=$(echo "$clang_cpu + $(tail -1 "$work/t" | awk '{ print $2 + $3 }')" | bc)
done
printf '(b) clang -fsyntax-only, unit by unit: %.2f s cpu (%d with errors); devcheck/clang %s\n' \
  "$clang_cpu" "$clang_failed" "$(ratio "$whole_cpu" "$clang_cpu")"

if has --cache; then
  touched=${SCALE_TOUCH:-$(cat "$work/units/0/file")}
  cp -p "$touched" "$work/touched"
  timed "$devcheck" -j 1 --cache "$work/cache" -p "$work/db"; say "(c) cold, empty cache"; cold=$cpu
  timed "$devcheck" -j 1 --cache "$work/cache" -p "$work/db"; say "    warm, no change"
  echo "/* a change */" >>"$touched"
  timed "$devcheck" -j 1 --cache "$work/cache" -p "$work/db"; say "    ${touched##*/} changed"
  echo "    one change/cold: $(ratio "$cpu" "$cold") (cpu)"
else
  echo "(c) skipped: this devcheck has no --cache"
fi

# A CMake project of the files' C and C++ sources, with their flags.
files_project() {
  local f
  {
    echo "cmake_minimum_required(VERSION 3.18)"
    echo "project(scale C CXX)"
    echo "add_library(scale OBJECT"
    for f in "${files[@]}"; do case $f in *.c|*.cc|*.cpp|*.cxx) echo "  \"$f\"" ;; esac; done
    echo ")"
    printf 'target_compile_options(scale PRIVATE'
    for f in "${flags[@]}"; do printf ' "%s"' "${f//\"/\\\"}"; done
    echo ")"
  } >"$work/project/CMakeLists.txt"
}

if [ "${SCALE_CAPTURE:-1}" = 0 ]; then
  echo "(d) skipped: SCALE_CAPTURE=0"
elif ! has capture; then
  echo "(d) skipped: this devcheck has no capture"
elif [ -n "$db" ] && [ -z "$cmake_src" ]; then
  echo "(d) skipped: $db is no CMake build folder"
elif [ -z "$cmake_src" ] && ! printf '%s\n' "${files[@]}" | grep -qE '\.(c|cc|cpp|cxx)$'; then
  echo "(d) skipped: no C or C++ file to build (a .cu file needs nvcc's build)"
else
  if [ -z "$cmake_src" ]; then
    cmake_src=$work/project; mkdir "$cmake_src"; files_project
  fi
  launch="$devcheck;capture;--"
  for jobs in 1 2; do
    cmake -S "$cmake_src" -B "$work/plain$jobs" -G Ninja "${cmake_args[@]}" >/dev/null
    timed ninja -C "$work/plain$jobs" -j$jobs; say "(d) ninja -j$jobs"
    cmake -S "$cmake_src" -B "$work/cap$jobs" -G Ninja "${cmake_args[@]}" -DCMAKE_C_COMPILER_LAUNCHER="$launch" \
      -DCMAKE_CXX_COMPILER_LAUNCHER="$launch" -DCMAKE_CUDA_COMPILER_LAUNCHER="$launch" >/dev/null
    timed ninja -C "$work/cap$jobs" -j$jobs; say "    ninja -j$jobs, captured"
  done
  timed "$devcheck" analyze "$work/cap1"; say "    devcheck analyze"
  find "$work/cap1" -name '*.dcfacts' -printf '%s\n' |
    awk '{ n++; s += $1 } END { printf "    facts: %d files, %.1f MiB\n", n, s / 1048576 }'
fi
