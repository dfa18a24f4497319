#!/usr/bin/env bash
# devcheck on real code that has no known mistake: what it says of each
# project, to hold a change to "nothing lost, nothing new".  One line a
# project: the runs, the files not analyzed, the findings by rule, and the
# seconds.
#
#   bench/realcode.sh [NAME...]          all projects, or only those named
#
# Environment:
#   DEVCHECK    the binary (default: build-gcc/bin/devcheck, then build/)
#   REALCODE    the folder holding each project's checkout as OWNER+NAME
#               (default /tmp/realcode): put them there yourself (git clone
#               or an archive of the commit below); a missing one is skipped
# Each run's output is kept as $REALCODE/out/NAME.txt.
#
# Needs the CUDA toolkit at /usr/local/cuda for darknet (cuBLAS, cuRAND).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
devcheck=${DEVCHECK:-}
[ -n "$devcheck" ] || for b in build-gcc build; do
  [ -x "$root/$b/bin/devcheck" ] && { devcheck=$root/$b/bin/devcheck; break; }
done
[ -x "${devcheck:-}" ] || { echo "no devcheck: build it, or set DEVCHECK" >&2; exit 2; }
devcheck=$(realpath "$devcheck")
cache=${REALCODE:-/tmp/realcode}
mkdir -p "$cache/out"

# NAME | CHECKOUT | COMMIT | RUNS
# RUNS: `FILES -- FLAGS`, one devcheck run in the checkout (globs and $(...)
# expand there); `each DIRS: FILES -- FLAGS`, one run in each folder DIRS
# matches, with the files there.  @ROOT@ in FLAGS is the checkout.
projects='
darknet      | pjreddie+darknet     | f6afaabc | src/*.cu $(ls src/*.c | grep -v compare.c) -- -DGPU -Iinclude -Isrc -DcudaThreadSynchronize=cudaDeviceSynchronize
hashcat      | hashcat+hashcat      | d3983eda | src/*.c -- -Iinclude -IOpenCL -Ideps/LZMA-SDK/C -Ideps/zlib -Ideps/zlib/contrib -Ideps/OpenCL-Headers -Ideps/xxHash -Ideps/unrar -DWITH_BRAIN -DVERSION_TAG=\"v\" -DCOMPTIME=0
nccl-tests   | NVIDIA+nccl-tests    | a0b82b22 | src/*.cu -- -Isrc -Ios -DNCCL_OS_LINUX
cuda-samples | NVIDIA+cuda-samples  | c94ff366 | each Samples/*/*/: *.c *.cpp *.cu -- -I@ROOT@/Common
'

want=" $* "
run_one() {    # OUTPUT FILES... -- FLAGS...: devcheck's exit status
  local out=$1; shift
  "$devcheck" "$@" >>"$out" 2>&1
}
while IFS='|' read -r name dir commit runs; do
  name=$(echo $name); dir=$(echo $dir); commit=$(echo $commit)
  [ -n "$name" ] || continue
  [ $# -eq 0 ] || [[ $want == *" $name "* ]] || continue
  tree=$cache/$dir
  [ -d "$tree" ] || { printf '%-13s (no checkout at %s)\n' "$name" "$tree"; continue; }
  out=$cache/out/$name.txt; : >"$out"
  start=$(date +%s.%N); nruns=0; status=(0 0 0)
  runs=${runs//@ROOT@/$tree}
  if [[ $runs == *each\ * ]]; then
    spec=${runs#*each }; dirs=${spec%%:*}; rest=${spec#*:}
    globs=${rest%% -- *}; flags=${rest#* -- }
    for d in $(cd "$tree" && eval "ls -d $dirs"); do
      files=$(cd "$tree/$d" && eval "ls $globs" 2>/dev/null | tr '\n' ' ') || true
      [ -n "$files" ] || continue
      # shellcheck disable=SC2086
      (cd "$tree/$d" && run_one "$out" $files -- $flags)
      rc=$?; [ $rc -le 2 ] && status[rc]=$((status[rc] + 1))
      nruns=$((nruns + 1))
    done
  else
    # shellcheck disable=SC2086
    (cd "$tree" && eval "run_one \"$out\" $runs")
    rc=$?; [ $rc -le 2 ] && status[rc]=1
    nruns=1
  fi
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  rules=$(grep -oE '\[devcheck-[a-z-]+]' "$out" | sort | uniq -c |
          awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }' | tr -d '[]' |
          sed 's/devcheck-//g')
  skipped=$(grep -oE '^devcheck: [0-9]+ of [0-9]+ files? not analyzed' "$out" |
            awk '{ n += $2 } END { print n + 0 }')
  printf '%-13s %s runs (%s clean, %s with findings, %s with files left out), %s files not analyzed, findings: %s (%s s)\n' \
    "$name" "$nruns" "${status[0]}" "${status[1]}" "${status[2]}" "$skipped" "${rules:-none}" "$secs"
done <<<"$projects"
