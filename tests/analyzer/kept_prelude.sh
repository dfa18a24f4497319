#!/usr/bin/env bash
# A prelude kept in the cache: made by a run of one .cu file, read by the
# next run's other file (not made again), made again when a header it read
# changes (and the facts of the files over it too), and one that cannot be
# read is a parse as without it, then made again; the findings always the
# direct run's.  A devcheck of another build takes none of the first's
# facts, but its prelude.
#   kept_prelude.sh DEVCHECK OBJCOPY WORK_DIR
set -u
devcheck=$1 objcopy=$2 work=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
printf '#define SCALE 2\n' >pre.h
for f in a b; do
  printf '__global__ void k_%s(float *p) { p[0] = SCALE; }\n' $f >$f.cu
  printf 'int main(void) { float h[4]; k_%s<<<1, 1>>>(h); return SCALE; }\n' $f >>$f.cu
done
flags=(-include "$work/pre.h")
direct() { "$devcheck" "$1" -- "${flags[@]}" 2>&1; }
cached() { "$devcheck" --cache cache "$1" -- "${flags[@]}" 2>&1; }
same() {    # same FILE WHAT: a cached run says what the direct run says
  local want
  want=$(direct "$1")
  grep -q "memspace-mismatch" <<<"$want" || fail "no finding in $1"
  [ "$(cached "$1")" = "$want" ] || fail "$2: $1's findings differ"
}
pchs() { find cache -name '*.pch' -printf '%P %i %s\n'; }
facts() { find cache -type f ! -name '*.pch' ! -name '*.cu' -printf '%P %i\n' | sort; }

same a.cu "a cold cache"
[ "$(pchs | wc -l)" = 1 ] || fail "one file's run kept no prelude: $(pchs)"
kept=$(pchs)
same b.cu "the kept prelude"
[ "$(pchs)" = "$kept" ] || fail "b.cu's run made the prelude again"

sleep 1.1                               # a change the file's time shows
printf '#define SCALE 3\n' >pre.h
before=$(facts)
same a.cu "a header of the prelude changed"
[ "$(pchs)" != "$kept" ] || fail "the prelude was not made again when its header changed"
[ "$(facts)" != "$before" ] || fail "a.cu's facts were not made again when the prelude's header changed"

for p in $(find cache -name '*.pch'); do printf 'garbage' >"$p"; done
printf '// changed\n' >>b.cu
same b.cu "a damaged prelude"
grep -rlq garbage cache && fail "the damaged prelude was left in the cache"
printf '// again\n' >>b.cu
same b.cu "after a damaged prelude"
[ "$(pchs | wc -l)" = 1 ] || fail "the damaged prelude was not made again"

# Another build of devcheck (no build id here): a miss for the facts, a
# hit for the prelude.
cp "$devcheck" other && "$objcopy" --remove-section .note.gnu.build-id other || fail "objcopy"
kept=$(pchs) before=$(facts)
[ "$(./other --cache cache a.cu -- "${flags[@]}" 2>&1)" = "$(direct a.cu)" ] || fail "other build differs"
[ "$(facts | wc -l)" -gt "$(wc -l <<<"$before")" ] || fail "another build took the facts of the first"
[ "$(pchs)" = "$kept" ] || fail "another build made the prelude again"
echo "kept preludes: ok"
