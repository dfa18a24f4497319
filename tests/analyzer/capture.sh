#!/usr/bin/env bash
# devcheck capture as a compiler launcher, under CMake and ninja: the build
# is the compiler's (status, output), each object gets its facts beside it,
# and devcheck analyze on them says what -p says on the same build.  With
# nvcc (NVCC set), also tests/cuda_project's C and CUDA sources.
#   capture.sh DEVCHECK TESTS_DIR CUDA_INCLUDE WORK_DIR [NVCC]
set -u
devcheck=$1 tests=$2 cuda_include=$3 work=$4 nvcc=${5:-}
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1

# analyze BUILD says what -p BUILD says (no cache: a parse of each file).
same_as_p() {
  local build=$1
  "$devcheck" analyze "$build" >analyze.out 2>analyze.err
  local a=$?
  "$devcheck" --no-cache -p "$build" >p.out 2>p.err
  local p=$?
  [ "$a" = "$p" ] && cmp -s analyze.out p.out && cmp -s analyze.err p.err ||
    fail "analyze $build differs from -p $build (exit $a vs $p): $(diff analyze.out p.out)"
  [ -s analyze.out ] || fail "no findings from analyze $build"
}

cmake -S "$tests/analyzer/capture" -B c -G Ninja -DFACTS="$tests/analyzer/facts" \
      -DCUDA_INCLUDE="$cuda_include" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
      "-DCMAKE_C_COMPILER_LAUNCHER=$devcheck;capture;--" >/dev/null || fail "configure"
cmake --build c >build.out 2>&1 || fail "the build failed: $(cat build.out)"
[ "$(find c -name '*.c.o.dcfacts' | wc -l)" = 2 ] || fail "not one facts file an object"
same_as_p c

# A damaged facts file: said, exit 2, the other file analyzed.
f=$(find c -name 'alloc.c.o.dcfacts')
cp "$f" keep && head -c 200 keep >"$f"
"$devcheck" analyze c >bad.out 2>bad.err
[ $? = 2 ] || fail "a truncated facts file did not exit 2"
grep -q 'alloc.c.o.dcfacts: truncated or damaged' bad.err || fail "not said: $(cat bad.err)"
printf 'DCFACTS9 from elsewhere, a foreign file of the same name' >"$f"
"$devcheck" analyze c >/dev/null 2>bad.err
grep -q 'alloc.c.o.dcfacts: ' bad.err || fail "a foreign facts file not said"
cp keep "$f"

# The compiler's status and output are the launcher's; a failed compile
# leaves no facts, and no old ones.
printf 'int broken(void) { return }\n' >broken.c
touch broken.o.dcfacts
"$devcheck" capture -- cc -c broken.c -o broken.o 2>broken.err
[ $? = 1 ] || fail "a failed compile's status is not 1"
grep -q 'error' broken.err || fail "the compiler's diagnostics are gone"
[ -e broken.o.dcfacts ] && fail "a failed compile left facts"
"$devcheck" capture cc -c "$tests/analyzer/facts/alloc.c" -I"$cuda_include" -o prefix.o ||
  fail "a Makefile-style prefix (no --) failed"
[ -s prefix.o.dcfacts ] || fail "no facts beside prefix.o"
DEVCHECK_CAPTURE=0 "$devcheck" capture -- cc -c "$tests/analyzer/facts/alloc.c" \
  -I"$cuda_include" -o off.o
[ -e off.o.dcfacts ] && fail "DEVCHECK_CAPTURE=0 still made facts"
"$devcheck" capture -- sh -c 'echo out; echo err >&2; exit 3' >sh.out 2>sh.err
[ $? = 3 ] && [ "$(cat sh.out)" = out ] && [ "$(cat sh.err)" = err ] ||
  fail "the command's status or output changed"
"$devcheck" capture -- no-such-compiler -c x.c 2>missing.err
[ $? = 127 ] || fail "a missing compiler is not 127"

if [ -n "$nvcc" ]; then
  cmake -S "$tests/cuda_project" -B cu -G Ninja -DCMAKE_CUDA_COMPILER="$nvcc" \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "-DCMAKE_C_COMPILER_LAUNCHER=$devcheck;capture;--" \
        "-DCMAKE_CUDA_COMPILER_LAUNCHER=$devcheck;capture;--" >/dev/null || fail "configure cu"
  cmake --build cu >cu.out 2>&1 || fail "the CUDA build failed: $(cat cu.out)"
  [ -n "$(find cu -name 'scale.cu.o.dcfacts')" ] || fail "no facts for scale.cu"
  same_as_p cu
fi
echo ok
