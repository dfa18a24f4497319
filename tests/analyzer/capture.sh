#!/usr/bin/env bash
# devcheck capture as a compiler launcher, under CMake and ninja: the build
# is the compiler's (status, output), each object gets its facts beside it,
# and devcheck analyze on them says what -p says on the same build.  With
# nvcc (NVCC set), also tests/cuda_project's C and CUDA sources.
# DEVCHECK_CRASH is devcheck with its crash hook (analysis.h).
#   capture.sh DEVCHECK TESTS_DIR CUDA_INCLUDE WORK_DIR NVCC|"" DEVCHECK_CRASH
set -u
devcheck=$1 tests=$2 cuda_include=$3 work=$4 nvcc=$5 crashy=$6
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

# scale.cu: CUDA with nvcc, else C++ (the launcher sees a .cu either way).
if [ -n "$nvcc" ]; then
  cu=(-DCAPTURE_CUDA=ON -DCMAKE_CUDA_COMPILER="$nvcc" "-DCMAKE_CUDA_COMPILER_LAUNCHER=$devcheck;capture;--")
else
  cu=("-DCMAKE_CXX_COMPILER_LAUNCHER=$devcheck;capture;--")
fi
cmake -S "$tests/analyzer/capture" -B c -G Ninja -DFACTS="$tests/analyzer/facts" \
      -DCUDA_INCLUDE="$cuda_include" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
      "-DCMAKE_C_COMPILER_LAUNCHER=$devcheck;capture;--" "${cu[@]}" >/dev/null || fail "configure"
cmake --build c >build.out 2>&1 || fail "the build failed: $(cat build.out)"
[ "$(find c -name '*.c.o.dcfacts' | wc -l)" = 2 ] || fail "not one facts file an object"
[ -s "$(find c -name 'scale.cu.o.dcfacts')" ] || fail "no facts beside scale.cu.o"
same_as_p c

# Captured into the build's cache too (--cache): a -p run of the build,
# which looks there by default, parses nothing (writes no entry) and says
# what a run with no cache says; so does -p BUILD FILE.
cache=$PWD/cc/.devcheck-cache
if [ -n "$nvcc" ]; then cu[2]="-DCMAKE_CUDA_COMPILER_LAUNCHER=$devcheck;capture;--cache;$cache;--"
else cu[0]="-DCMAKE_CXX_COMPILER_LAUNCHER=$devcheck;capture;--cache;$cache;--"; fi
cmake -S "$tests/analyzer/capture" -B cc -G Ninja -DFACTS="$tests/analyzer/facts" \
      -DCUDA_INCLUDE="$cuda_include" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
      "-DCMAKE_C_COMPILER_LAUNCHER=$devcheck;capture;--cache;$cache;--" "${cu[@]}" >/dev/null ||
  fail "configure cc"
cmake --build cc >build.out 2>&1 || fail "the build into a cache failed: $(cat build.out)"
entries() {    # the units' entries, not a kept prelude's (.pch, its source, its entry)
  find "$cache" -type f ! -name '*.*' -printf '%T@ %p\n' | sort |
    while read -r t p; do [ -e "$p.pch" ] || echo "$t $p"; done
}
entries >entries.before
[ "$(wc -l <entries.before)" = 3 ] || fail "not one cache entry a unit: $(cat entries.before)"
"$devcheck" -p cc >cached.out 2>cached.err
"$devcheck" --no-cache -p cc >parsed.out 2>parsed.err
cmp -s cached.out parsed.out && cmp -s cached.err parsed.err ||
  fail "-p from the captured cache differs: $(diff cached.out parsed.out)"
"$devcheck" -p cc "$tests/analyzer/facts/main.c" >one.out 2>&1
grep -q 'allocated on a GPU here' one.out || fail "-p BUILD FILE lost alloc.c's facts: $(cat one.out)"
entries | cmp -s - entries.before || fail "a -p run parsed a captured unit again"
# A compiler named for C++ (c++): its compile database's command has
# clang's --driver-mode=g++, and the capture's key has it too.
mkdir -p cxx && cp "$tests/analyzer/facts/alloc.c" cxx/alloc.cpp && cp "$tests/analyzer/facts/alloc.h" cxx/
printf '[{"directory": "%s", "file": "alloc.cpp", "arguments": ["c++", "-I%s", "-c", "alloc.cpp", "-o", "alloc.o"]}]\n' \
  "$PWD/cxx" "$cuda_include" >cxx/compile_commands.json
(cd cxx && "$devcheck" capture --cache "$PWD/.devcheck-cache" -- c++ -I"$cuda_include" -c alloc.cpp -o alloc.o) ||
  fail "the C++ capture failed"
find cxx/.devcheck-cache -type f -printf '%T@ %p\n' >cxx.before
"$devcheck" -p cxx >/dev/null 2>&1
find cxx/.devcheck-cache -type f -printf '%T@ %p\n' | cmp -s - cxx.before ||
  fail "a -p run parsed the unit c++ captured again"
"$devcheck" capture --cache 2>nocache.err
[ $? = 2 ] && grep -q 'needs a folder' nocache.err || fail "capture --cache without a folder"

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
# A large file that is no facts is refused from its header, never read
# whole (3 GB took 198 s and 3.2 GB: read for ignore comments, then as
# facts), so it passes a 1 GiB limit (not under ASan, which maps more).
truncate -s 3G huge.dcfacts
if ldd "$devcheck" | grep -q libasan; then limit=unlimited; else limit=1048576; fi
(ulimit -v $limit; "$devcheck" analyze huge.dcfacts) >/dev/null 2>huge.err
grep -q '^devcheck: huge.dcfacts: not a devcheck facts file' huge.err &&
  ! grep -q 'out of memory' huge.err || fail "a 3 GB file that is no facts: $(cat huge.err)"
rm -f huge.dcfacts

# A header changed since the capture: analyze says which unit and file,
# as a warning (the exit status is the findings'); rebuilt, nothing.
"$devcheck" capture -- cc -c "$tests/analyzer/facts/alloc.c" -I"$cuda_include" -o stale.o ||
  fail "the capture of stale.o failed"
"$devcheck" analyze stale.o.dcfacts >/dev/null 2>stale.err
grep -qv '^1 file analyzed: ' stale.err && fail "a fresh capture warned: $(cat stale.err)"
mkdir -p hdr && cp "$tests/analyzer/facts/alloc.c" "$tests/analyzer/facts/alloc.h" hdr/
"$devcheck" capture -- cc -c hdr/alloc.c -I"$cuda_include" -o hdr.o || fail "the capture of hdr.o failed"
echo '/* changed */' >>hdr/alloc.h
"$devcheck" analyze hdr.o.dcfacts >/dev/null 2>stale.err
grep -q "^devcheck: hdr.o.dcfacts: warning: $PWD/hdr/alloc.h changed since the capture" stale.err ||
  fail "a header changed since the capture not said: $(cat stale.err)"
rm -f stale.o* hdr.o*

# The compiler's status and output are the launcher's; a failed compile
# leaves no facts, and no old ones.
printf 'int broken(void) { return }\n' >broken.c
touch broken.o.dcfacts
"$devcheck" capture -- cc -c broken.c -o broken.o 2>broken.err
[ $? = 1 ] || fail "a failed compile's status is not 1"
grep -q 'error' broken.err || fail "the compiler's diagnostics are gone"
[ -e broken.o.dcfacts ] && fail "a failed compile left facts"
mkdir out
"$devcheck" capture cc -c "$tests/analyzer/facts/alloc.c" -I"$cuda_include" -o out/prefix.o ||
  fail "a Makefile-style prefix (no --) failed"
[ -s out/prefix.o.dcfacts ] || fail "no facts beside out/prefix.o"
DEVCHECK_CAPTURE=0 "$devcheck" capture -- cc -c "$tests/analyzer/facts/alloc.c" \
  -I"$cuda_include" -o off.o
[ -e off.o.dcfacts ] && fail "DEVCHECK_CAPTURE=0 still made facts"
"$devcheck" capture -- sh -c 'echo out; echo err >&2; exit 3' >sh.out 2>sh.err
[ $? = 3 ] && [ "$(cat sh.out)" = out ] && [ "$(cat sh.err)" = err ] ||
  fail "the command's status or output changed"
"$devcheck" capture -- no-such-compiler -c x.c 2>missing.err
[ $? = 127 ] || fail "a missing compiler is not 127"
grep -q '^devcheck capture: no-such-compiler: ' missing.err || fail "not said: $(cat missing.err)"
"$devcheck" capture -- false
[ $? = 1 ] || fail "false's status is not 1"
"$devcheck" capture -- sh -c 'kill -TERM $$'
[ $? = 143 ] || fail "a compiler killed by SIGTERM is not 128+15, as in a shell"

# What the command makes: facts for an object only, of a source by its
# name (C++'s .C and .c++ too) or of any file -x names as C, C++ or CUDA;
# none for a header (gcc precompiles it), a preprocessing, assembly, a
# check, or a .cu that gcc takes for a linker input (it makes no object,
# exit 0).
printf 'int twice(int x) { return 2 * x; }\n' >twice.c
cp twice.c twice.inc
makes() {   # makes yes|no OBJECT COMMAND...
  local want=$1 object=$2
  shift 2
  "$devcheck" capture -- "$@" 2>makes.err || fail "$* failed: $(cat makes.err)"
  if [ "$want" = yes ]; then [ -s "$object.dcfacts" ] || fail "no facts from $*"
  else [ -e "$object.dcfacts" ] && fail "facts from $*"; fi
  return 0
}
makes yes inc.o cc -x c -c twice.inc -o inc.o
makes yes twice.o cc -c twice.c
makes yes joined.o cc -c twice.c -ojoined.o
cp twice.c twice.C && cp twice.c twice.c++ && cp twice.c twice.h
makes yes upper.o cc -c twice.C -o upper.o
makes yes plus.o cc -c twice.c++ -o plus.o
makes no header.o cc -c twice.h -o header.o
makes no pre.i cc -E -c twice.c -o pre.i
makes no asm.s cc -S -c twice.c -o asm.s
makes no twice2.o cc -fsyntax-only -c twice.c -o twice2.o
makes no inc2.o cc -c twice.inc -o inc2.o
cp twice.c lone.cu
makes no lone.o cc -c lone.cu

# devcheck's own trouble (facts that cannot be written, a crash in the
# parse or out of it) is one line, and the status stays the compiler's.
mkdir dir.o.dcfacts
"$devcheck" capture -- cc -c twice.c -o dir.o 2>dir.err
[ $? = 0 ] || fail "facts that cannot be written changed the status"
grep -q '^devcheck capture: twice.c: .*dir.o.dcfacts' dir.err || fail "not said: $(cat dir.err)"
for on in parse:twice.c abort:parse:twice.c capture abort:capture; do
  # (an ASan build: the crash is the test's, not one for ASan to report)
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0:handle_abort=0 \
    DEVCHECK_CRASH_ON=$on "$crashy" capture -- cc -c twice.c -o crash.o 2>crash.all
  [ $? = 0 ] || fail "a crash ($on) changed the status"
  # ASan's own words on the recovery's jump off a deep stack are not devcheck's
  grep -v -e '^==[0-9]*==' -e '^False positive error reports may follow' \
    -e '^For details see https://github.com/google/sanitizers' crash.all >crash.err
  [ "$(wc -l <crash.err)" = 1 ] && grep -q '^devcheck capture: twice.c: ' crash.err ||
    fail "the crash ($on) not said in a line: $(cat crash.err)"
  [ -e crash.o.dcfacts ] && fail "a crash ($on) left facts"
done

# Every argument the compiler reads: response files (@F alone or among
# others, nested, relative to the folder the compile runs in, quoted as
# gcc quotes), -x none, -save-temps, --output, the last -o: facts beside
# the object the compile made, of a parse with the command's options
# (probe.c needs -I"in c" and -DWANT), and nothing said under -v.
mkdir -p args/"in c" args/sub && cd args || exit 1
printf '#define VALUE 3\n' >"in c/probe.h"
printf '#include "probe.h"\n#ifndef WANT\n#error WANT not defined\n#endif\nint value(void) { return VALUE; }\n' >probe.c
cp probe.c probe.inc
printf '%s\n' '"-Iin c" -DWANT' >opts.rsp
reads() {   # reads OBJECT COMMAND...
  local object=$1
  shift
  rm -f ./*.dcfacts sub/*.dcfacts
  "$devcheck" capture -v -- "$@" 2>reads.err || fail "$* failed: $(cat reads.err)"
  [ -s reads.err ] && fail "$* said: $(cat reads.err)"
  [ -s "$object" ] && [ -s "$object.dcfacts" ] || fail "no facts beside $object from $*: $(ls)"
  [ "$(find . -name '*.dcfacts' | wc -l)" = 1 ] || fail "facts elsewhere from $*: $(find . -name '*.dcfacts')"
  "$devcheck" analyze "$object.dcfacts" >reads.out 2>&1 ||
    fail "facts of a parse without the options of $*: $(cat reads.out)"
}
reads among.o cc @opts.rsp -c probe.c -o among.o
printf '%s\n' '-c probe.c -o alone.o @opts.rsp' >alone.rsp
reads alone.o cc @alone.rsp
printf '@opts.rsp\n' >sub/nested.rsp
reads nested.o cc -c probe.c @sub/nested.rsp -o nested.o
printf '%s\n' "-Iin\\ c '-DWANT=a b'" >escaped.rsp
reads escaped.o cc -c probe.c @escaped.rsp -o escaped.o
printf '%s\n' '-I"in"\ "c" -DWANT="\"x\""' >quoted.rsp
reads quoted.o cc -c probe.c @quoted.rsp -o quoted.o
reads none.o cc @opts.rsp -x c -c probe.inc -x none -o none.o
reads cnone.o cc @opts.rsp -x c++ -x none -c probe.c -o cnone.o
reads temps.o cc @opts.rsp -save-temps -c probe.c -o temps.o
reads sub/obj.o cc @opts.rsp -save-temps=obj -c probe.c -o sub/obj.o
reads sub/output.o cc @opts.rsp -c probe.c --output=sub/output.o
reads apart.o cc @opts.rsp -c probe.c --output apart.o
reads last.o cc @opts.rsp -c probe.c -o first.o -o last.o
reads =equals.o cc @opts.rsp -c probe.c -o=equals.o
# No facts beside a device (-o /dev/null, a link to it), and nothing
# said; -v says why.
ln -s /dev/null dev.o
[ -e /dev/null.dcfacts ] && had_null_facts=1 || had_null_facts=
for object in /dev/null dev.o; do
  "$devcheck" capture -- cc @opts.rsp -c probe.c -o $object 2>null.err || fail "-o $object failed"
  [ -s null.err ] && fail "-o $object said: $(cat null.err)"
  [ -e dev.o.dcfacts ] || { [ -z "$had_null_facts" ] && [ -e /dev/null.dcfacts ]; } &&
    fail "facts beside $object"
  "$devcheck" capture -v -- cc @opts.rsp -c probe.c -o $object 2>null.err
  grep -q "^devcheck capture: probe.c: no facts: its object $object is not a regular file" null.err ||
    fail "-v did not say why -o $object has no facts: $(cat null.err)"
done
# A response file devcheck does not read (over 1 MiB, of blanks): the
# compile as given, no facts, and -v says why.
{ cat opts.rsp; head -c 1100000 /dev/zero | tr '\0' ' '; } >big.rsp
"$devcheck" capture -v -- cc @big.rsp -c probe.c -o big.o 2>big.err || fail "@big.rsp failed"
[ -s big.o ] && [ ! -e big.o.dcfacts ] || fail "@big.rsp: no object, or facts"
grep -q '^devcheck capture: no facts: response file big.rsp: larger than 1 MiB' big.err ||
  fail "-v did not say why @big.rsp has no facts: $(cat big.err)"
"$devcheck" capture -v -- cc @opts.rsp -E probe.c -o probe.i 2>pre.err
grep -q '^devcheck capture: probe.c: no facts: it makes no object (-E)' pre.err ||
  fail "-v did not say why -E has no facts: $(cat pre.err)"
if [ -n "$nvcc" ]; then
  # nvcc's options files (a list, apart or with =) and its -o forms
  cp probe.c probe.cu
  printf '"-Iin c"\n' >inc.optf && printf -- '-DWANT\n' >want.optf
  reads nv1.o "$nvcc" -c probe.cu --options-file inc.optf,want.optf -o=nv1.o
  reads nv2.o "$nvcc" -c probe.cu -optf=inc.optf -optf want.optf --output-file=nv2.o
  reads nv3.o "$nvcc" -c probe.cu -optf inc.optf,want.optf -save-temps --output-file nv3.o
fi
cd ..

if [ -n "$nvcc" ]; then
  cmake -S "$tests/cuda_project" -B cu -G Ninja -DCMAKE_CUDA_COMPILER="$nvcc" \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "-DCMAKE_C_COMPILER_LAUNCHER=$devcheck;capture;--" \
        "-DCMAKE_CUDA_COMPILER_LAUNCHER=$devcheck;capture;--" >/dev/null || fail "configure cu"
  cmake --build cu >cu.out 2>&1 || fail "the CUDA build failed: $(cat cu.out)"
  [ -n "$(find cu -name 'scale.cu.o.dcfacts')" ] || fail "no facts for scale.cu"
  same_as_p cu
fi
echo ok
