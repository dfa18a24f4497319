#!/usr/bin/env bash
# Files whose libraries' headers differ share one precompiled prelude
# where the first ones are the same (prelude.c's covering): a run over
# [lib.h, x.h], [lib.h, y.h] (lib.h includes x.h and y.h), [lib.h, z.h]
# (lib.h does not: z.h is parsed with the file) and [lib.h, z.h] with a
# macro set between them that z.h reads keeps one in the cache, and a
# later run over one of them takes it; [y.h, lib.h] (another start) has
# its own.  The findings are those of the files parsed whole, cache
# or none.
#   prelude_prefix.sh DEVCHECK WORK_DIR SOURCE_DIR -- FLAGS...
set -u
devcheck=$1 work=$2 source_dir=$3
shift 4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cp -r "$source_dir" "$work/src" && cd "$work" || exit 1
flags=("$@" -isystem "$work/src/library")
run() { "$devcheck" "$@" -- "${flags[@]}" 2>&1; }
pchs() { find "$1" -name '*.pch' | wc -l; }
all=(src/with_x.cpp src/with_y.cpp src/with_z.cpp src/with_define.cpp src/reversed.cpp)

whole() { TMPDIR=$work/no_such_folder run --no-cache "$@"; }
direct=$(whole "${all[@]}")
[ "$(grep -c "devcheck-host-deref" <<<"$direct")" = 5 ] || fail "the files parsed whole: $direct"
[ "$(run --no-cache "${all[@]}")" = "$direct" ] || fail "the findings over the run's preludes differ"
[ "$(run --cache all "${all[@]}")" = "$direct" ] || fail "the findings over the kept preludes differ"
[ "$(run --cache all "${all[@]}")" = "$direct" ] || fail "the findings over the preludes taken differ"
[ "$(pchs all)" = 2 ] || fail "five files, two starts, kept $(pchs all) preludes"

for pair in with_y:1 with_z:1 with_define:1 reversed:2; do
  files=(src/with_x.cpp "src/${pair%:*}.cpp")
  [ "$(run --cache "${pair%:*}" "${files[@]}")" = "$(whole "${files[@]}")" ] || fail "${files[*]}'s findings"
  [ "$(pchs "${pair%:*}")" = "${pair#*:}" ] ||
    fail "${files[*]} kept $(pchs "${pair%:*}") preludes, not ${pair#*:}"
done
# One run keeps [lib.h, x.h]'s under lib.h's key, the next takes it for
# [lib.h, y.h], [lib.h, z.h] and [lib.h, (macro), z.h].
for other in with_y with_z with_define; do
  rm -rf later
  run --cache later src/with_x.cpp >/dev/null
  [ "$(run --cache later src/$other.cpp)" = "$(whole src/$other.cpp)" ] && [ "$(pchs later)" = 1 ] ||
    fail "a later run over $other.cpp kept $(pchs later) preludes, not with_x.cpp's alone"
done
echo "prelude prefixes: ok"
