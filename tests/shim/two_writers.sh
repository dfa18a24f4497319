#!/usr/bin/env bash
# Two commands traced into one report at once: A holds, its run in the
# report, while B runs to its end; then A ends.  The report must keep both
# runs, and each devtrace run count its own (one run, one error), not the
# other's; before, B replaced the file and A's run was lost.
#   two_writers.sh DEVTRACE PRELOAD EXE DIR
set -u
devtrace=$1 preload=$2 exe=$3 dir=$4
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 2
export DT_DEVICE=sim DT_SIM_QUIET=1 DEVTRACE_PRINT=0 DEVTRACE_LIB=${preload##*:}
[ "$preload" = "${preload##*:}" ] && unset LD_PRELOAD || export LD_PRELOAD=${preload%:*}
"$devtrace" run -o same.db -- "$exe" b.done >a.out 2>a.err &
a=$!
for _ in $(seq 500); do     # until A's run is in the report
  "$devtrace" report same.db summary --format csv 2>/dev/null | grep -q '^1,' && break
  sleep 0.02
done
"$devtrace" run -o same.db -- "$exe" >b.out 2>b.err
touch b.done
wait "$a"
fail=0
for who in a b; do
  grep -q "^devtrace: 1 error and 0 warnings in 1 run" "$who.err" ||
    { echo "$who's summary:"; cat "$who.err"; fail=1; }
done
runs=$("$devtrace" report same.db summary --format csv | awk '{ sub(/\r$/, "") } !NF { exit } NR > 1 { n++ } END { print n + 0 }')
[ "$runs" = 2 ] || { echo "$runs runs in the report, 2 expected"; fail=1; }
exit $fail
