#!/usr/bin/env bash
# A report that cannot be written never hides the run (docs/devtrace.md):
# devtrace run refuses a folder that is not there, or not writable, before
# the program starts (exit 2, nothing run); a report lost during the run
# (its folder removed under it) still lets each finding reach the terminal,
# and --error-exitcode still fails.
#   report_lost.sh DEVTRACE PRELOAD EXE     (EXE makes a memcpy_direction)
set -u
devtrace=$1 exe=$3
preload=${2%:*} shim=${2##*:}
[ "$preload" = "$2" ] && preload=
dir=$(mktemp -d)
trap 'chmod -R u+w "$dir"; rm -rf "$dir"' EXIT
failed=0
fail() { echo "FAIL $*"; failed=1; }
run() {
  env --unset=DT_DEVICE DT_SIM_QUIET=1 LD_PRELOAD="$preload" DEVTRACE_LIB="$shim" \
    ASAN_OPTIONS=verify_asan_link_order=0 "$devtrace" run "$@" >"$dir/out" 2>"$dir/err"
}

refused=("$dir/missing/r.db" "$exe/r.db")
mkdir "$dir/locked" && chmod a-w "$dir/locked"
[ "$(id -u)" != 0 ] && refused+=("$dir/locked/r.db")     # root writes there
for report in "${refused[@]}"; do
  run -o "$report" -- "$exe"
  status=$?
  if [ $status != 2 ] || [ -s "$dir/out" ] ||
     ! grep -q "^devtrace: $report: cannot write the report in " "$dir/err"; then
    fail "-o $report: exit $status, said: $(cat "$dir/err")"
  fi
done

mkdir "$dir/gone"
run --error-exitcode 9 -o "$dir/gone/r.db" -- /bin/sh -c 'rm -r "$0" && exec "$1"' \
  "$dir/gone" "$exe"
status=$?
if [ $status != 9 ] || ! grep -q "error\[memcpy_direction\]" "$dir/err"; then
  fail "a report lost in the run: exit $status, said: $(cat "$dir/err")"
fi
exit $failed
