#!/usr/bin/env bash
# --fix and --write-baseline against what others do to the files they write,
# one behaviour per MODE, in a scratch folder:
#   fix_files.sh MODE DEVCHECK
# a.c has one fix-it (line 7: `x = ` before a dropped dt_to) and one more
# finding; fixed is what --fix makes of it.
set -u
mode=$1
devcheck=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat >a.c <<'SOURCE'
#include <devtensor.h>
#include <cuda_runtime.h>

dt_tensor *f(dt_module *m, dt_tensor *x)
{
    dt_module_to(m, dt_cuda(0));
    dt_to(x, dt_cuda(0));
    return dt_forward(m, x);
}

float g(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 4);
    return d[0];
}
SOURCE
sed 's/^    dt_to(x/    x = dt_to(x/' a.c >fixed

fail() {
  echo "$mode: $*"
  for f in out err; do [ -f "$f" ] && { echo "--- $f:"; cat "$f"; }; done
  exit 1
}

# expect STATUS: the last run's exit status
expect() {
  [ "$status" = "$1" ] || fail "exit status $status, expected $1"
}

run() {
  "$devcheck" "$@" >out 2>err
  status=$?
}

case $mode in
tmp_links)
  # Links planted at the temporaries' names of old (FILE.devcheck-fix<pid>,
  # FILE.tmp<pid>), for the pid devcheck will have: their target is left
  # as it was, and the files are written.
  printf 'precious\n' >victim
  chmod 600 victim
  (
    ln -s victim "a.c.devcheck-fix$BASHPID"
    ln -s victim "known.txt.tmp$BASHPID"
    exec "$devcheck" --fix --write-baseline known.txt a.c >out 2>err
  )
  status=$?
  expect 0          # the findings written as known
  [ "$(cat victim)" = precious ] && [ "$(stat -c %a victim)" = 600 ] ||
    fail "the planted link's target was written: $(stat -c %a victim) $(cat victim)"
  cmp -s a.c fixed || fail "a.c is not fixed"
  [ -f known.txt ] && [ ! -L known.txt ] && grep -q host-deref known.txt ||
    fail "the baseline is not written"
  [ "$(ls | grep -c devcheck-)" = 1 ] || fail "temporaries left: $(ls)"
  ;;
*)
  fail "unknown mode"
  ;;
esac
