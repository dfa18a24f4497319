#!/usr/bin/env bash
# Files that reach a library's headers only through a header of their own
# (own_header/helper.h, as mmcv's ops reach torch's) share a prelude of
# them: a run over two keeps one in the cache, whose source includes the
# library's headers of helper.h's branch taken, and neither helper.h nor
# the project's headers after them; helper.h's findings are said as
# without a prelude.  A macro defined before a library's header, by the
# file (wide.cpp), by helper.h or by config.h (an #ifndef's #define, but
# not a guard's), is defined in the prelude where the file's lines define
# it (the macro honoured: wide.cpp and configured.cpp assert it).  An #if's
# block of libraries' headers is in it as written; one that includes a
# header of the project's own ends it (versioned.cpp); one whose later
# header sets again a macro the file sets is none (undone.cpp).  A project
# header's #if blocks of one-line #defines (macros.h) are in it too, and
# checked: a library header after them that changes their macros makes it
# none (redefined.cpp, undefined.cpp).  A library header
# with no guard is in a prelude only where it can be included twice.  .cu
# files whose library header has errors with the flags share CUDA's prelude
# alone; a header nvcc's include for every .cu file (<stdio.h>) is nothing
# in a .cu file's list (gpu_c.cu and gpu_d.cu share one).
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

# the line of a prelude's source (in cache folder $1) that says $2
lines() { grep -n -F "$2" "$1"/*/*.cpp | cut -d: -f1 | head -1; }
out=$(run --cache wide src/wide.cpp)
grep -q "devcheck-host-deref" <<<"$out" || fail "wide.cpp: $out"
[ "$(pchs wide)" = 1 ] && [ "$(lines wide '#define STAND_IN_WIDE 1')" = 1 ] &&
  [ "$(lines wide '#include <stand_in_more.h>')" -gt 1 ] ||
  fail "wide.cpp's prelude, its macro first: $(cat wide/*/*.cpp)"

out=$(run --cache configured src/configured.cpp)
grep -q "devcheck-host-deref" <<<"$out" || fail "configured.cpp: $out"
define=$(lines configured '#define STAND_IN_WIDE') more=$(lines configured '#include <stand_in_more.h>')
[ -n "$define" ] && [ -n "$more" ] && [ "$define" -lt "$more" ] ||
  fail "configured.cpp's prelude, config.h's macro before stand_in_more.h: $(cat configured/*/*.cpp)"

out=$(run --cache versioned src/versioned.cpp)
grep -q "devcheck-host-deref" <<<"$out" && ! grep -q "error:.*static" <<<"$out" ||
  fail "versioned.cpp: $out"
block=$(lines versioned '#if STAND_IN_VERSION >= 2') more=$(lines versioned '#include <stand_in_more.h>')
[ -n "$block" ] && [ -n "$more" ] && [ "$block" -lt "$more" ] &&
  grep -qx '#include <other_library.h>' versioned/*/*.cpp &&
  ! grep -q 'STAND_IN_WIDE\|config' versioned/*/*.cpp ||
  fail "versioned.cpp's prelude, the first block as written, not the second: $(cat versioned/*/*.cpp)"

out=$(run --cache undone src/undone.cpp)
[ "$(pchs undone)" = 0 ] && ! grep -q "error" <<<"$out" ||
  fail "undone.cpp: a prelude whose header its #undef would undo: $(pchs undone) preludes: $out"

# macros.h's #if blocks of #defines (pytorch_scatter's shape): in the
# prelude as written, before the library's headers, which read their macro;
# the findings as without a prelude.
direct=$(TMPDIR=$work/no_such_folder run --no-cache src/blocks.cpp)
grep -q "devcheck-host-deref" <<<"$direct" && ! grep -q "error:.*static\|warning:" <<<"$direct" ||
  fail "blocks.cpp: $direct"
[ "$(run --cache blocks src/blocks.cpp)" = "$direct" ] || fail "blocks.cpp's findings over the prelude differ"
block=$(lines blocks '#if (defined __cpp_inline_variables)') define=$(lines blocks '#define STAND_IN_WIDE 1')
more=$(lines blocks '#include <stand_in_more.h>')
[ "$(pchs blocks)" = 1 ] && [ -n "$block" ] && [ -n "$define" ] && [ -n "$more" ] &&
  [ "$block" -lt "$define" ] && [ "$define" -lt "$more" ] && grep -q '^#undef STAND_IN_WIDE' blocks/*/*.cpp ||
  fail "blocks.cpp's prelude, macros.h's blocks before the library's headers: $(cat blocks/*/*.cpp)"
# A library header after them that redefines or undefines a block's macro:
# the file's parse reads macros.h again after the prelude, which would undo
# the header's; the prelude (made) has errors, and the findings are as
# without one.
for file in redefined undefined; do
  direct=$(TMPDIR=$work/no_such_folder run --no-cache src/$file.cpp)
  ! grep -q "error:\|warning:" <<<"$direct" || fail "$file.cpp: $direct"
  [ "$(run --cache $file src/$file.cpp)" = "$direct" ] && [ "$(pchs $file)" = 0 ] &&
    grep -q '^#define OWN_INLINE_VARIABLE inline' $file/*/*.cpp &&
    grep -q "^#include <stand_in_${file%d}s.h>" $file/*/*.cpp ||
    fail "$file.cpp: a prelude whose header macros.h would undo: $(pchs $file) preludes: $(cat $file/*/*.cpp)"
done
# A block's #define continued on the next line ends the prelude before
# the block (here, before any library header: none).
sed -i 's/^#define OWN_INLINE_VARIABLE inline$/#define OWN_INLINE_VARIABLE \\\n  inline/' src/macros.h
grep -q '^  inline$' src/macros.h || fail "sed"
direct=$(TMPDIR=$work/no_such_folder run --no-cache src/blocks.cpp)
[ "$(run --cache continued src/blocks.cpp)" = "$direct" ] && [ "$(pchs continued)" = 0 ] ||
  fail "blocks.cpp with a continued #define: $(pchs continued) preludes: $(cat continued/*/*.cpp)"

sed -i 's/^#define OWN_HEADER_HELPER_H$/&\n#define STAND_IN_WIDE 1/' src/helper.h
grep -q '^#define STAND_IN_WIDE' src/helper.h || fail "sed"
direct=$(TMPDIR=$work/no_such_folder run --no-cache "${pair[@]}" src/wide.cpp)
[ "$(run --cache macro "${pair[@]}" src/wide.cpp)" = "$direct" ] ||
  fail "helper.h with a macro: the findings over the prelude differ"
for source in macro/*/*.cpp; do
  [ "$(grep -n -F '#define STAND_IN_WIDE 1' "$source" | cut -d: -f1 | head -1)" = 1 ] ||
    fail "helper.h's macro not first in a prelude: $(cat "$source")"
done
# A guard that gives its macro a value (`#define GUARD 1`, as cuda-samples'
# nvrtc_helper.h) is a guard still: not in the prelude, where it would
# make the file's own #include of the header skip it.
sed -i 's/^#define OWN_HEADER_HELPER_H$/& 1/' src/helper.h
direct=$(TMPDIR=$work/no_such_folder run --no-cache "${pair[@]}")
[ "$(run --cache valued "${pair[@]}")" = "$direct" ] && ! grep -q OWN_HEADER_HELPER_H valued/*/*.cpp ||
  fail "helper.h's guard defined as 1: $(cat valued/*/*.cpp)"
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
# .cu files: a library's header that nvcc's headers include for every .cu
# file (<stdio.h>, <math.h>) is nothing in one, and left out of its
# prelude: gpu_d.cu shares gpu_c.cu's.
mixed=(src/gpu_c.cu src/gpu_d.cu)
direct=$(TMPDIR=$work/no_such_folder run --no-cache "${mixed[@]}")
[ "$(grep -c "devcheck-memspace-mismatch" <<<"$direct")" = 2 ] && ! grep -q "error: use of undeclared" <<<"$direct" ||
  fail "gpu_c.cu and gpu_d.cu: $direct"
[ "$(run --cache given "${mixed[@]}")" = "$direct" ] || fail "gpu_c.cu and gpu_d.cu's findings over the prelude differ"
[ "$(find given -name '*.pch' | wc -l)" = 1 ] && ! grep -q 'stdio\|math' given/*/*.cu ||
  fail "gpu_c.cu and gpu_d.cu did not share one prelude without nvcc's headers: $(cat given/*/*.cu)"
echo "own header preludes: ok"
