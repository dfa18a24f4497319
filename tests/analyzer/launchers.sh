#!/usr/bin/env bash
# devcheck-cc, devcheck-c++ and devcheck-nvcc (launch.c): the compiler's
# answers to probes, exit status and output, byte for byte; facts beside
# each object, under make, as CMake's launcher, and as a link named for
# the compiler; the compiler a variable names; the cache from
# DEVCHECK_CACHE or a .devcheck.
#   launchers.sh DEVCHECK TESTS_DIR CUDA_INCLUDE WORK_DIR NVCC|""
# (the launchers are the links beside DEVCHECK)
set -u
bin=$(cd "$(dirname "$1")" && pwd) tests=$2 cuda_include=$3 work=$4 nvcc=$5
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
unset DEVCHECK_CC DEVCHECK_CXX DEVCHECK_NVCC DEVCHECK_CACHE

# same COMPILER LAUNCHER ARGS...: the launcher says and exits what the compiler does.
same() {
  local compiler=$1 launcher=$2
  shift 2
  "$compiler" "$@" >want.out 2>want.err
  local want=$?
  "$bin/$launcher" "$@" >got.out 2>got.err
  local got=$?
  [ "$got" = "$want" ] || fail "$launcher $*: exit $got, $compiler's $want"
  cmp -s got.out want.out || fail "$launcher $*: stdout differs: $(diff got.out want.out | head -5)"
  cmp -s got.err want.err || fail "$launcher $*: stderr differs: $(diff got.err want.err | head -5)"
}
for probe in -v --version -dumpversion -dumpmachine --no-such-flag; do
  same cc devcheck-cc $probe
  same c++ devcheck-c++ $probe
done
[ -z "$nvcc" ] || PATH=$(dirname "$nvcc"):$PATH same nvcc devcheck-nvcc --version
printf 'int broken(void) { return }\n' >broken.c
same cc devcheck-cc -c broken.c -o broken.o
[ -e broken.o.dcfacts ] && fail "a failed compile left facts"

# A compiler a variable names: its status and output, byte for byte.
printf '#!/bin/sh\nprintf "out\\001\\n"; printf "err\\r\\n" >&2; exit 42\n' >fake && chmod +x fake
DEVCHECK_CC=$PWD/fake "$bin/devcheck-cc" -c x.c >fake.out 2>fake.err
[ $? = 42 ] && [ "$(od -c fake.out)" = "$(./fake 2>/dev/null | od -c)" ] &&
  [ "$(od -c fake.err)" = "$(./fake 2>&1 >/dev/null | od -c)" ] ||
  fail "DEVCHECK_CC's compiler: status $? or output changed"
DEVCHECK_CC=no-such-cc "$bin/devcheck-cc" -c x.c 2>missing.err
[ $? = 127 ] && grep -q '^devcheck-cc: no compiler no-such-cc on PATH (DEVCHECK_CC names one)$' missing.err ||
  fail "a missing compiler: $(cat missing.err)"
DEVCHECK_CXX=devcheck-c++ PATH=$bin:$PATH "$bin/devcheck-c++" -v 2>self.err
[ $? = 127 ] && grep -q '^devcheck-c++: devcheck-c++ is devcheck itself (DEVCHECK_CXX=devcheck-c++)' self.err ||
  fail "a launcher named as its own compiler: $(cat self.err)"

# A compile: the object, and its facts, which analyze reads (C++ here;
# C under make).
mkdir cxx && cp "$tests/analyzer/facts/alloc.h" cxx/
cp "$tests/analyzer/facts/alloc.c" cxx/alloc.cpp && cp "$tests/analyzer/facts/main.c" cxx/main.cpp
for f in alloc main; do
  (cd cxx && "$bin/devcheck-c++" -I"$cuda_include" -c $f.cpp -o $f.o) || fail "devcheck-c++ -c $f.cpp"
  [ -s cxx/$f.o ] && [ -s cxx/$f.o.dcfacts ] || fail "no object or facts from devcheck-c++ -c $f.cpp"
done
"$bin/devcheck" analyze cxx >analyze.out 2>&1
[ $? = 1 ] && grep -q 'main.cpp:6:12: error: .*devcheck-host-deref' analyze.out ||
  fail "analyze on devcheck-c++'s facts: $(cat analyze.out)"

# make's implicit rules, with CC= (one word).
cp "$tests/analyzer/facts/"* .
printf 'all: alloc.o main.o\nCPPFLAGS = -I%s\n' "$cuda_include" >Makefile
make -s CC="$bin/devcheck-cc" >make.out 2>&1 || fail "make: $(cat make.out)"
[ -s alloc.o.dcfacts ] && [ -s main.o.dcfacts ] || fail "no facts from make's compiles"
"$bin/devcheck" analyze . >analyze.out 2>&1
[ $? = 1 ] && grep -q 'main.c:6:12: error: .*devcheck-host-deref' analyze.out ||
  fail "analyze on devcheck-cc's facts: $(cat analyze.out)"

# CMake's launcher: the compiler comes first (devcheck-cc /usr/bin/cc -c ...).
mkdir -p proj && cp alloc.c alloc.h proj/
printf 'cmake_minimum_required(VERSION 3.16)\nproject(p C)\nadd_library(a OBJECT alloc.c)\ntarget_include_directories(a PRIVATE %s)\n' \
  "$cuda_include" >proj/CMakeLists.txt
cmake -S proj -B proj/build -G Ninja -DCMAKE_C_COMPILER_LAUNCHER="$bin/devcheck-cc" >cmake.out 2>&1 &&
  cmake --build proj/build >>cmake.out 2>&1 || fail "CMake with the launcher: $(cat cmake.out)"
[ -s "$(find proj/build -name 'alloc.c.o.dcfacts')" ] || fail "no facts under CMake's launcher"

# A link named for the compiler (as a CUDA_HOME's bin/nvcc may be): the
# next of that name on PATH runs.
mkdir -p masq && ln -s "$bin/devcheck" masq/cc
rm -f alloc.o.dcfacts
PATH=$PWD/masq:$PATH cc -I"$cuda_include" -c alloc.c -o alloc.o || fail "cc as a link to devcheck"
[ -s alloc.o.dcfacts ] || fail "no facts from cc, a link to devcheck"
[ "$(PATH=$PWD/masq:$PATH cc -dumpversion)" = "$(cc -dumpversion)" ] || fail "cc, a link, -dumpversion"

# A CUDA_HOME whose bin/nvcc is a link to devcheck (how torch's
# BuildExtension, which runs $CUDA_HOME/bin/nvcc, is captured): the real
# nvcc answers and compiles, and the .cu gets its facts.
if [ -n "$nvcc" ]; then
  toolkit=$(dirname "$(dirname "$nvcc")")
  mkdir -p cuda_home/bin
  for f in "$toolkit"/*; do [ "$(basename "$f")" = bin ] || ln -s "$f" cuda_home/; done
  for f in "$toolkit"/bin/*; do ln -s "$f" cuda_home/bin/; done
  ln -sf "$bin/devcheck" cuda_home/bin/nvcc
  [ "$(PATH=$toolkit/bin:$PATH cuda_home/bin/nvcc --version)" = "$("$nvcc" --version)" ] ||
    fail "CUDA_HOME/bin/nvcc --version is not nvcc's"
  cp "$tests/analyzer/capture/scale.cu" .
  PATH=$toolkit/bin:$PATH cuda_home/bin/nvcc -c scale.cu -o scale.o >nvcc.out 2>&1 ||
    fail "CUDA_HOME/bin/nvcc -c scale.cu: $(cat nvcc.out)"
  [ -s scale.o.dcfacts ] || fail "no facts from CUDA_HOME/bin/nvcc"
else
  echo "no nvcc: devcheck-nvcc and the CUDA_HOME of links not tested here"
fi

# The cache: DEVCHECK_CACHE (absolute only), else a .devcheck's cache:
# (relative to the .devcheck's folder).
DEVCHECK_CACHE=$PWD/envcache "$bin/devcheck-cc" -I"$cuda_include" -c alloc.c -o alloc.o ||
  fail "DEVCHECK_CACHE's compile"
[ -n "$(find envcache -type f 2>/dev/null)" ] || fail "nothing in DEVCHECK_CACHE's folder"
DEVCHECK_CACHE=rel "$bin/devcheck-cc" -c alloc.c -o alloc.o 2>rel.err
[ $? = 2 ] && grep -q '^devcheck capture: DEVCHECK_CACHE rel is relative' rel.err ||
  fail "a relative DEVCHECK_CACHE: $(cat rel.err)"
mkdir -p sub/deeper && cp alloc.c alloc.h sub/deeper/
printf '# the launchers keep facts here\ncache: .devcheck-cache\n' >sub/.devcheck
(cd sub/deeper && "$bin/devcheck-cc" -I"$cuda_include" -c alloc.c -o alloc.o) || fail "the .devcheck compile"
[ -n "$(find sub/.devcheck-cache -type f 2>/dev/null)" ] || fail "nothing in the .devcheck's cache"
"$bin/devcheck" sub/deeper/alloc.c -- -I"$cuda_include" >/dev/null 2>rules.err
grep -q '\.devcheck:' rules.err && fail "a .devcheck with cache: is an error to the analyzer: $(cat rules.err)"
echo "launchers: ok"
