#!/usr/bin/env bash
# devcheck at scale (docs/facts.md): on a copy of a darknet checkout
# (github.com/pjreddie/darknet), its 55 files (src/*.c but compare.c, and
# src/*.cu) with GPU on, as bench/analyzer.sh --darknet reads them:
#   - peak memory of the whole run against the heaviest file's run alone;
#   - devcheck's processor time against clang -fsyntax-only's, file by file;
#   - with the cache: the cold run, a warm one, and one after a one-file
#     change (a comment appended to src/gemm.c);
#   - devcheck capture as CMake's launcher under ninja -j1 and -j2 (the C
#     files), against the same build without it, then devcheck analyze.
#
#   bench/scale.sh DARKNET_DIR [BUILD_DIR]     (BUILD_DIR: a Release build, build-bench)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
darknet=${1:?"usage: bench/scale.sh DARKNET_DIR [BUILD_DIR]"}
devcheck=$(cd "${2:-$root/build-bench}" && pwd)/bin/devcheck
clang=$(command -v clang-19 || echo /usr/lib/llvm-19/bin/clang)
cuda_include=${CUDA_INCLUDE:-/usr/local/cuda/include}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$darknet" "$work/darknet"
d=$work/darknet
mapfile -t c_files < <(ls "$d"/src/*.c | grep -v '/compare\.c$')
mapfile -t cu_files < <(ls "$d"/src/*.cu)
flags=(-D__DEVCHECK__ -DGPU -I"$d/include" -I"$cuda_include"
       -DcudaThreadSynchronize=cudaDeviceSynchronize)
cu_flags=(-x cuda --cuda-host-only --cuda-path="$(dirname "$cuda_include")" -Wno-unknown-cuda-version
          -I"$root/analyzer/include/devcheck/cuda" -DDEVCHECK_TOOLKIT_CUDA_H=\""$cuda_include/cuda.h"\")

# timed LABEL CMD...: one line "LABEL wall user+sys peak", CMD's status ignored
timed() {
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >/dev/null 2>&1 || true
  read -r wall user sys rss < <(tail -1 "$work/t")    # after "Command exited with ..."
  printf '%-28s %7.2f s wall %7.2f s cpu %8d KiB\n' "$label" "$wall" "$(echo "$user + $sys" | bc)" "$rss"
}
cpu_of() { tail -1 "$work/t" | awk '{ print $2 + $3 }'; }
rss_of() { tail -1 "$work/t" | awk '{ print $4 }'; }

echo "== devcheck -j 1 on ${#c_files[@]} + ${#cu_files[@]} files"
timed "whole run" "$devcheck" -j 1 "${c_files[@]}" "${cu_files[@]}" -- "${flags[@]}"
whole_cpu=$(cpu_of) whole_rss=$(rss_of)
heaviest=0 heaviest_file=""
for f in "${c_files[@]}" "${cu_files[@]}"; do
  /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$devcheck" -j 1 "$f" -- "${flags[@]}" >/dev/null 2>&1 || true
  if [ "$(rss_of)" -gt "$heaviest" ]; then heaviest=$(rss_of) heaviest_file=$f; fi
done
echo "heaviest file alone: ${heaviest_file#"$d"/} $heaviest KiB; whole/heaviest $(echo "scale=2; $whole_rss / $heaviest" | bc)"

clang_cpu=0
for f in "${c_files[@]}"; do
  /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$clang" -fsyntax-only "${flags[@]}" "$f" >/dev/null 2>&1 || true
  clang_cpu=$(echo "$clang_cpu + $(cpu_of)" | bc)
done
for f in "${cu_files[@]}"; do
  /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$clang" -fsyntax-only "${flags[@]}" "${cu_flags[@]}" "$f" >/dev/null 2>&1 || true
  clang_cpu=$(echo "$clang_cpu + $(cpu_of)" | bc)
done
echo "clang -fsyntax-only, file by file: $clang_cpu s cpu; devcheck/clang $(echo "scale=2; $whole_cpu / $clang_cpu" | bc)"

echo "== the cache"
timed "cold (empty cache)" "$devcheck" -j 1 --cache "$work/cache" "${c_files[@]}" "${cu_files[@]}" -- "${flags[@]}"
cold=$(cpu_of)
timed "warm (no change)" "$devcheck" -j 1 --cache "$work/cache" "${c_files[@]}" "${cu_files[@]}" -- "${flags[@]}"
echo "/* a change */" >>"$d/src/gemm.c"
timed "gemm.c changed" "$devcheck" -j 1 --cache "$work/cache" "${c_files[@]}" "${cu_files[@]}" -- "${flags[@]}"
echo "one-file change / cold: $(echo "scale=3; $(cpu_of) / $cold" | bc) (cpu)"

echo "== devcheck capture under ninja (the C files)"
cat >"$d/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.18)
project(darknet C)
file(GLOB sources src/*.c)
list(FILTER sources EXCLUDE REGEX "compare\\\\.c\$")
add_library(darknet OBJECT \${sources})
target_include_directories(darknet PRIVATE include $cuda_include)
target_compile_definitions(darknet PRIVATE GPU cudaThreadSynchronize=cudaDeviceSynchronize)
CMAKE
for jobs in 1 2; do
  cmake -S "$d" -B "$work/plain$jobs" -G Ninja >/dev/null
  timed "ninja -j$jobs, no capture" ninja -C "$work/plain$jobs" -j$jobs
  cmake -S "$d" -B "$work/cap$jobs" -G Ninja "-DCMAKE_C_COMPILER_LAUNCHER=$devcheck;capture;--" >/dev/null
  timed "ninja -j$jobs, captured" ninja -C "$work/cap$jobs" -j$jobs
done
timed "devcheck analyze" "$devcheck" analyze "$work/cap1"
find "$work/cap1" -name '*.dcfacts' -printf '%s\n' |
  awk '{ n++; s += $1 } END { printf "facts: %d files, %.1f MiB\n", n, s / 1048576 }'
