#!/usr/bin/env bash
# A PyTorch CppExtension built as its author builds it, with setup.py and
# CXX=devcheck-c++ (BuildExtension probes $CXX -v, then compiles under
# ninja with it): the build succeeds, the object has its facts beside it,
# and devcheck analyze on the build finds the op's host read of its CUDA
# input.  Skipped (77, said) where no python3 imports torch (Debian's
# python3-torch).
#   torch_extension.sh DEVCHECK EXT_DIR WORK_DIR
set -u
bin=$(cd "$(dirname "$1")" && pwd) ext=$2 work=$3
fail() { echo "FAIL: $*"; exit 1; }
python=
for p in python3 /usr/bin/python3; do
  "$p" -c 'import torch.utils.cpp_extension, setuptools' 2>/dev/null && { python=$p; break; }
done
[ -n "$python" ] || { echo "no python3 imports torch (Debian: python3-torch): skipped"; exit 77; }
rm -rf "$work" && mkdir -p "$work" && cp "$ext/setup.py" "$ext/first_element.cpp" "$work/" &&
  cd "$work" || exit 1
# CFLAGS (after Python's -O2 -g): g++'s object is never run, and unoptimized
# it takes half the time (some 25 s of CPU, not 45); devcheck reads the same.
CFLAGS="-O0 -g0" CXX="$bin/devcheck-c++" "$python" setup.py build_ext >build.out 2>&1 ||
  fail "setup.py build_ext under devcheck-c++: $(tail -20 build.out)"
[ -n "$(find build -name 'first_element.o.dcfacts' -size +0)" ] ||
  fail "no facts beside first_element.o: $(find build) $(tail -20 build.out)"
"$bin/devcheck" analyze build >analyze.out 2>&1
[ $? = 1 ] && grep -q 'first_element.cpp:9:12: error: .*devcheck-host-deref' analyze.out ||
  fail "devcheck analyze build: $(cat analyze.out)"
echo "torch extension: built under devcheck-c++ with $python, its mistake found"
