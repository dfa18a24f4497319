#!/usr/bin/env bash
# Files that reach a library's headers only through a header of their own
# (own_header/helper.h, as mmcv's ops reach torch's) share a prelude of
# them: a run over two keeps one in the cache, whose source includes the
# library's headers of helper.h's branch taken, and neither helper.h nor
# the project's headers after them; helper.h's findings are said as
# without a prelude.  A file that defines a macro before its first include
# has none, nor do the files once helper.h defines one before its includes,
# and one that config.h defines (an #ifndef's #define, but not a guard's)
# ends configured.cpp's (the macro honoured: wide.cpp and configured.cpp
# assert it).  A library header with no guard is in a prelude only where
# it can be included twice.  .cu files whose library header has errors
# with the flags share CUDA's prelude alone.
#   own_header_prelude.sh DEVCHECK WORK_DIR SOURCE_DIR -- FLAGS...
set -u
devcheck=$1 work=$2 source_dir=$3
shift 4
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cp -r "$source_dir" "$work/src" && cd "$work" || exit 1
flags=("$@" -isystem "$work/src/library")
run() { "$devcheck" "$@" -- "${flags[@]}" 2>&1; }
pchs() { find "$1" -name '*.pch' | wc -l; }
pair=(src/first.cpp src/second.cpp)

# no temporary folder: no prelude
direct=$(TMPDIR=$work/no_such_folder run --no-cache "${pair[@]}")
grep -q "helper.h:[0-9]*:[0-9]*: error: .*devcheck-host-deref" <<<"$direct" ||
  fail "no finding in helper.h: $direct"
[ "$(run --cache shared "${pair[@]}")" = "$direct" ] || fail "the findings over the prelude differ"
[ "$(pchs shared)" = 1 ] || fail "two files of one header kept $(pchs shared) preludes, not one"
source=$(cat shared/*/*.cpp)
grep -qx '#include <stand_in.h>' <<<"$source" && grep -qx '#include <stand_in_more.h>' <<<"$source" ||
  fail "the prelude lacks the library's headers: $source"
grep -q 'other_library\|helper\|devtensor\|OWN_HEADER_HELPER_H' <<<"$source" &&
  fail "the prelude holds what it must not: $source"

out=$(run --cache wide src/wide.cpp)
grep -q "devcheck-host-deref" <<<"$out" || fail "wide.cpp: $out"
[ "$(pchs wide)" = 0 ] || fail "a file that defines a macro before its includes had a prelude"

out=$(run --cache configured src/configured.cpp)
grep -q "devcheck-host-deref" <<<"$out" || fail "configured.cpp: $out"
source=$(cat configured/*/*.cpp)
grep -qx '#include <stand_in.h>' <<<"$source" && ! grep -q 'stand_in_more' <<<"$source" ||
  fail "configured.cpp's prelude: $source"

sed -i 's/^#define OWN_HEADER_HELPER_H$/&\n#define STAND_IN_WIDE 1/' src/helper.h
grep -q '^#define STAND_IN_WIDE' src/helper.h || fail "sed"
out=$(run --cache shared "${pair[@]}" src/wide.cpp)
grep -q "devcheck-host-deref" <<<"$out" || fail "helper.h with a macro: $out"
[ "$(pchs shared)" = 1 ] || fail "a prelude was made over helper.h's macro"
# A library header with no guard: a prelude where it can be included
# again, none where it cannot (and no error either way).
out=$(run --cache unguarded src/unguarded.cpp)
grep -q "devcheck-host-deref" <<<"$out" && [ "$(pchs unguarded)" = 1 ] ||
  fail "unguarded.cpp: $(pchs unguarded) preludes: $out"
out=$(run --cache definitions src/definitions.cpp)
[ "$(pchs definitions)" = 0 ] && ! grep -q "error" <<<"$out" ||
  fail "definitions.cpp: $(pchs definitions) preludes: $out"

# Two .cu files whose library header fails with the flags: CUDA's prelude
# alone is made, and shared; the error said as without it.
gpu=(src/gpu_a.cu src/gpu_b.cu)
direct=$(TMPDIR=$work/no_such_folder run --no-cache "${gpu[@]}")
grep -q "stand_in_configured.h' file not found" <<<"$direct" &&
  grep -q "devcheck-memspace-mismatch" <<<"$direct" || fail "the .cu files: $direct"
[ "$(run --cache cuda "${gpu[@]}")" = "$direct" ] || fail "the .cu files' findings over CUDA's prelude differ"
[ "$(pchs cuda)" = 1 ] && [ "$(find cuda -name '*.cu' -empty | wc -l)" = 1 ] ||
  fail "no prelude of CUDA's alone for .cu files whose library header fails"
echo "own header preludes: ok"
