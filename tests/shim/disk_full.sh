#!/usr/bin/env bash
# The report on a full disk, and DEVTRACE_DB as a symbolic link.
#   disk_full.sh PRELOAD PROGRAM DEVTRACE
# A full disk (a small tmpfs, mounted in a mount namespace of its own) is
# named as such on stderr, once; a report that could not be started is
# removed; one cut short keeps what it had, leaves no hot journal, and
# `devtrace report` says it was cut short.  A DEVTRACE_DB that is a symbolic
# link (dangling or not) is refused with one line, and nothing is created.
# The program runs on and exits as it would have, in every case.  Exits 77
# (skipped) where no tmpfs can be mounted.
set -u
preload=$1 prog=$(realpath "$2") devtrace=$(realpath "$3")
export DT_DEVICE=sim DT_SIM_QUIET=1 ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0
fail() { echo "disk_full.sh: $*"; exit 1; }
expect_once() { # expect_once FILE TEXT
  [ "$(grep -c "$2" "$1")" = 1 ] || { cat "$1" "${3:-/dev/null}"; fail "stderr should say '$2' once"; }
}

if [ "${4:-}" != --inside ]; then
  here=$(mktemp -d)
  trap 'rm -rf "$here"' EXIT
  # The symbolic links need no mount.
  ln -s "$here/target.db" "$here/dangling.db"
  touch "$here/other.txt"; ln -s "$here/other.txt" "$here/link.db"
  for link in dangling link; do
    DEVTRACE_DB=$here/$link.db LD_PRELOAD=$preload "$prog" >"$here/out" 2>"$here/err" ||
      fail "$link: the program failed"
    expect_once "$here/err" "is a symbolic link"
    [ ! -e "$here/target.db" ] && [ ! -s "$here/other.txt" ] || fail "$link: a file was written through the link"
    [ -z "$(ls "$here" | grep -e -journal)" ] || fail "$link: a journal was created"
  done
  unshare -rm true 2>/dev/null || { echo "disk_full.sh: cannot mount a tmpfs here (no mount namespace); skipped"; exit 77; }
  unshare -rm bash "$0" "$preload" "$prog" "$devtrace" --inside "$here"
  exit
fi

# Inside: the tmpfs at $here/disk, what the program says beside it.
logs=$5 dir=$5/disk
mkdir "$dir" && mount -t tmpfs -o size=512k tmpfs "$dir" ||
  { echo "disk_full.sh: cannot mount a tmpfs; skipped"; exit 77; }
cd "$dir"

# Full from the start: no report can be started, and none is left.
head -c 600k /dev/zero > filler 2>/dev/null
DEVTRACE_DB=$dir/report.db LD_PRELOAD=$preload "$prog" >"$logs/out" 2>"$logs/err" || fail "full at start: the program failed"
expect_once "$logs/err" "the disk is full"
expect_once "$logs/err" "the partial file is removed"
[ -z "$(ls | grep report)" ] || { ls -l; fail "full at start: partial files left: $(ls | grep report)"; }
rm -f filler

# Filled halfway: the report keeps its first commits and says it was cut short.
# The program fills the disk once the report holds its first two calls.
DEVTRACE_DB=$dir/report.db LD_PRELOAD=$preload "$prog" "$dir/filler" "$logs/go" >"$logs/out" 2>"$logs/err" &
pid=$!
for _ in $(seq 600); do
  [ "$(sqlite3 report.db 'SELECT sum(calls) FROM api_calls' 2>/dev/null)" = 2 ] && break
  sleep 0.1
done
touch "$logs/go"
wait "$pid" || fail "filled halfway: the program failed"
expect_once "$logs/err" "the disk is full"
rm -f filler
[ ! -s report.db-journal ] || fail "filled halfway: a journal with something in it was left"
[ "$(sqlite3 report.db 'PRAGMA integrity_check')" = ok ] || fail "filled halfway: the report is damaged"
[ "$(sqlite3 report.db 'SELECT sum(calls) FROM api_calls')" = 2 ] ||
  fail "filled halfway: the report should hold the 2 calls made before the disk filled"
[ "$(sqlite3 report.db 'SELECT count(*) FROM runs WHERE ended IS NULL')" = 1 ] ||
  fail "filled halfway: the run should have no end"
"$devtrace" report report.db >"$logs/out" 2>"$logs/err"
expect_once "$logs/err" "1 run was cut short"
echo "disk_full.sh: all as expected"
