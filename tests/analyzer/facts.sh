#!/usr/bin/env bash
# Facts kept and read back give the findings a parse gives: devcheck's
# cache (hits, misses, a header's change, a damaged entry), -p BUILD FILE
# with another file's facts; and every example, cold and warm, says what
# its parse says.
#   facts.sh DEVCHECK SOURCE_DIR CUDA_INCLUDE WORK_DIR EXAMPLES_DIR -- FLAGS...
set -u
devcheck=$1 src=$2 cuda_include=$3 work=$4 examples=$5
shift 6
example_flags=("$@")
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work/build" && cp "$src"/* "$work/" && cd "$work" || exit 1
flags=(-I"$cuda_include")
python3 - "$work" "$cuda_include" <<'PY'
import json, sys
work, inc = sys.argv[1:]
json.dump([{"directory": work, "file": f, "arguments": ["cc", "-I" + inc, "-c", f]}
           for f in ("main.c", "alloc.c")], open(work + "/build/compile_commands.json", "w"))
PY

# The direct run, the reference.
"$devcheck" main.c alloc.c -- "${flags[@]}" >direct.out 2>direct.err
grep -q 'main.c:6:12: error: .*host-deref' direct.out || fail "no host-deref in the direct run"

# Cold and warm runs with a cache say what the direct run says.
for run in cold warm; do
  "$devcheck" --cache cache main.c alloc.c -- "${flags[@]}" >$run.out 2>$run.err
  cmp -s direct.out $run.out && cmp -s direct.err $run.err || fail "$run run differs"
done
entries() { find cache -type f -printf '%P %i\n' | sort; }
[ "$(entries | wc -l)" = 2 ] || fail "not one entry a file: $(entries)"
before=$(entries)
"$devcheck" --cache cache main.c alloc.c -- "${flags[@]}" >/dev/null 2>&1
[ "$(entries)" = "$before" ] || fail "a warm run wrote the cache again (a miss)"

# A header's change: alloc.c's facts are made again, and say host memory.
sed -i 's/#define ON_HOST 0/#define ON_HOST 1/' alloc.h
"$devcheck" --cache cache main.c alloc.c -- "${flags[@]}" >changed.out 2>&1
[ "$(entries)" != "$before" ] || fail "the header's change did not reach the cache"
grep -q host-deref changed.out && fail "stale facts: alloc.c's old ones were used"
sed -i 's/#define ON_HOST 1/#define ON_HOST 0/' alloc.h

# A damaged entry is a miss, made again; the findings are right.
for e in $(find cache -type f); do printf 'garbage' >"$e"; done
"$devcheck" --cache cache main.c alloc.c -- "${flags[@]}" >damaged.out 2>damaged.err
cmp -s direct.out damaged.out || fail "a damaged entry changed the findings"
"$devcheck" --cache cache main.c alloc.c -- "${flags[@]}" >/dev/null 2>&1
grep -l garbage -r cache >/dev/null && fail "a damaged entry was left in the cache"

# Other flags are another entry.
"$devcheck" --cache cache main.c alloc.c -- "${flags[@]}" -DOTHER >/dev/null 2>&1
[ "$(entries | wc -l)" -ge 4 ] || fail "other flags reused an entry"

# -p BUILD FILE: main.c's finding needs alloc.c's facts.
"$devcheck" -p build main.c >p.out 2>p.err
grep -q 'main.c:6:12: error: .*host-deref' p.out || fail "-p build main.c missed alloc.c's facts"
grep -q alloc.c p.err && fail "-p build main.c spoke of alloc.c: $(cat p.err)"
[ -d build/.devcheck-cache ] || fail "-p made no cache under the build folder"
"$devcheck" -p build --no-cache main.c >np.out 2>/dev/null
cmp -s p.out np.out || fail "--no-cache differs"

# A cache that cannot be written: said once, the run goes on.
mkdir ro && chmod 555 ro
if [ "$(id -u)" != 0 ]; then
  "$devcheck" --cache ro/c main.c alloc.c -- "${flags[@]}" >ro.out 2>ro.err
  cmp -s direct.out ro.out || fail "an unwritable cache changed the findings"
  [ "$(grep -c 'cache cannot be written' ro.err)" = 1 ] || fail "not said once: $(cat ro.err)"
fi
# Runs at once into one cold cache: each says what the direct run says.
for k in 1 2 3 4; do
  "$devcheck" -j 1 --cache shared main.c alloc.c -- "${flags[@]}" >at$k.out 2>at$k.err &
done
wait
for k in 1 2 3 4; do
  cmp -s direct.out at$k.out && cmp -s direct.err at$k.err || fail "run $k of 4 at once differs"
done
[ "$(find shared -type f | wc -l)" = 2 ] || fail "runs at once left more than the entries"

# Every example: the direct run, then cold and warm with a cache.
"$devcheck" "$examples"/*.c -- "${example_flags[@]}" >ex.out 2>ex.err
for run in cold warm; do
  "$devcheck" --cache excache "$examples"/*.c -- "${example_flags[@]}" >ex.$run.out 2>ex.$run.err
  cmp -s ex.out ex.$run.out && cmp -s ex.err ex.$run.err ||
    fail "the examples' $run run differs: $(diff ex.out ex.$run.out | head)"
done
[ -s ex.out ] || fail "no findings in the examples"
echo "ok"
