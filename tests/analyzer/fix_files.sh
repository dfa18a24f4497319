#!/usr/bin/env bash
# --fix and --write-baseline against what others do to the files they write,
# one behaviour per MODE, in a scratch folder:
#   fix_files.sh MODE DEVCHECK
# a.c (team_source.c, as team.cmake's) has one fix-it (line 7: `x = `
# before a dropped dt_to) and one more finding; fixed is what --fix makes
# of it.
set -u
mode=$1
devcheck=$2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cp "$here/team_source.c" a.c
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
changed)
  # a.c edited between the analysis and the fix (held there: --baseline
  # reads a FIFO, which opens when devcheck comes to read it): not fixed,
  # said, exit 2, the edit kept.
  mkfifo hold
  "$devcheck" --fix --baseline hold a.c >out 2>err &
  pid=$!
  exec 3>hold
  { printf '/* a line more */\n'; cat a.c; } >edited
  cat edited >a.c
  exec 3>&-
  wait "$pid"
  status=$?
  expect 2
  cmp -s a.c edited || fail "a.c, edited, was fixed: $(cat a.c)"
  grep -q "a.c: changed since devcheck read it: not fixed" err || fail "the change is not said"
  ;;
concurrent)
  # Two --fix runs that analyzed a.c as it was: the first fixes it, the
  # second finds it changed (not `x = x = dt_to`).
  mkfifo hold1 hold2
  "$devcheck" --fix --baseline hold1 a.c >out 2>err &
  first=$!
  "$devcheck" --fix --baseline hold2 a.c >out2 2>err2 &
  second=$!
  exec 3>hold1 4>hold2
  exec 3>&-
  wait "$first"
  status=$?
  expect 1
  exec 4>&-
  wait "$second"
  status=$?
  cat out2 >>out
  cat err2 >>err
  expect 2
  cmp -s a.c fixed || fail "a.c is not fixed once: $(cat a.c)"
  grep -q "a.c: changed since devcheck read it: not fixed" err2 || fail "the change is not said"
  ;;
owner)
  # root fixes a user's file: it stays the user's, with its mode.
  [ "$(id -u)" = 0 ] || { echo "owner: not root: skipped"; exit 77; }
  chown 65534:65534 a.c
  chmod 640 a.c
  run --fix a.c
  expect 1
  cmp -s a.c fixed || fail "a.c is not fixed"
  [ "$(stat -c %u:%g:%a a.c)" = 65534:65534:640 ] || fail "a.c is now $(stat -c %u:%g:%a a.c)"
  ;;
symlink)
  # a.c a link to src/a.c: the file it points to is fixed, the link stays.
  mkdir src
  mv a.c src/a.c
  ln -s src/a.c a.c
  run --fix a.c
  expect 1
  [ -L a.c ] || fail "the link a.c is now a file"
  cmp -s src/a.c fixed || fail "the link's target src/a.c is not fixed"
  ;;
hard_link)
  # a.c and b.c one file: fixed in place, still one, both names fixed.
  ln a.c b.c
  run --fix a.c
  expect 1
  [ a.c -ef b.c ] || fail "a.c and b.c are two files now"
  cmp -s b.c fixed || fail "b.c is not fixed"
  ;;
read_only)
  # A file of mode 0444 is not fixed, even by root: said, exit 2.
  chmod 444 a.c
  cp a.c before
  run --fix a.c
  expect 2
  cmp -s a.c before && [ "$(stat -c %a a.c)" = 444 ] || fail "the read-only a.c was rewritten"
  grep -q "a.c: read-only (mode 0444): not fixed" err || fail "its being read-only is not said"
  ;;
*)
  fail "unknown mode"
  ;;
esac
