#!/usr/bin/env bash
# The join's inputs checked (docs/joined.md): devtrace's --static SARIF and
# devcheck's --runtime report are regular files (/dev/zero grew without
# end, a FIFO with no writer hung), a SARIF at most 256 MiB; a SARIF with a
# UTF-8 BOM is read; another tool's SARIF, devtrace's own among them, is
# refused, and so is a startLine that is no positive integer; what a SARIF
# holds past the report's limits is blamed on the SARIF, not the report;
# and a report none of whose runs called from the findings' files says so
# instead of "not reached" everywhere.
#   join_inputs.sh DEVTRACE DEVCHECK REPORT SARIF
# (REPORT: two_runs.db, of app/train.c; SARIF: devcheck's findings there.)
set -u
devtrace=$1 devcheck=$2 report=$3 sarif=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
failed=0
fail() { echo "FAIL $*"; failed=1; }

# refused WHAT PATTERN COMMAND...: exit 2 within 20 s, stderr matching PATTERN
# (grep -E), and from devtrace nothing on stdout (devcheck's findings come
# before the report is read).
refused() {
  local what=$1 pattern=$2
  shift 2
  timeout 20 "$@" >out 2>err
  local status=$?
  if [ "$status" != 2 ] || ! grep -Eq "$pattern" err || { [ "$1" = "$devtrace" ] && [ -s out ]; }; then
    fail "$what: exit $status, said: $(head -c 300 err)"
  fi
}

# A copy of the SARIF with one change: WHAT (tool, line, message: its
# length, files: their uri) and the JSON value.
edited() {
  python3 - "$sarif" "$@" <<'EDIT'
import json, sys
doc = json.load(open(sys.argv[1]))
run = doc["runs"][0]
what, value = sys.argv[2], json.loads(sys.argv[3])
if what == "tool":
    run["tool"]["driver"]["name"] = value
elif what == "line":
    run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = value
elif what == "message":
    run["results"][0]["message"]["text"] = "x" * value
elif what == "files":
    for r in run["results"]:
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] = value
json.dump(doc, sys.stdout)
EDIT
}

cat >none.c <<'SOURCE'
#include <cuda_runtime_api.h>

void copy_back(void)
{
    float *dev, host[4];
    cudaMalloc((void **)&dev, sizeof host);
    cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost);
}
SOURCE

# Files that are none: a device, a FIFO no one writes, one past the cap.
mkfifo pipe
truncate -s 300M big.sarif
for static in /dev/zero pipe; do
  refused "--static $static" "^devtrace: $static: not a regular file$" \
    "$devtrace" report "$report" --static "$static"
  refused "--runtime $static" "^devcheck: $static: not a regular file$" \
    "$devcheck" --runtime "$static" none.c
done
refused "--static of 300 MiB" "^devtrace: big\.sarif: larger than 256 MiB, the most read$" \
  "$devtrace" report "$report" --static big.sarif

# A BOM, as Windows' tools write one: read as the same SARIF.
printf '\357\273\277' >bom.sarif
cat "$sarif" >>bom.sarif
"$devtrace" report "$report" --static "$sarif" --format json >plain.json 2>&1
"$devtrace" report "$report" --static bom.sarif --format json >bom.json 2>&1 \
  || fail "a SARIF with a BOM: $(head -c 300 bom.json)"
cmp -s plain.json bom.json || fail "a SARIF with a BOM is not read as the same SARIF"

# Another tool's SARIF, and devtrace's own.
edited tool '"clang-tidy"' >other.sarif
refused "another tool's SARIF" "^devtrace: other\.sarif: run 1 is clang-tidy's SARIF, not devcheck's" \
  "$devtrace" report "$report" --static other.sarif
"$devtrace" report "$report" --format sarif -o devtrace.sarif 2>/dev/null
refused "devtrace's own SARIF" "^devtrace: devtrace\.sarif: run 1 is devtrace's SARIF, not devcheck's" \
  "$devtrace" report "$report" --static devtrace.sarif

# startLines that are no line: each was read as one (0, -3, 2 for 2.5,
# 1 for 1e3, the largest integer for 2^64).
for line in 0 -3 2.5 1e3 18446744073709551616; do
  edited line "$line" >line.sarif
  refused "startLine $line" "^devtrace: line\.sarif: run's result 1: its startLine is not a positive integer" \
    "$devtrace" report "$report" --static line.sarif
done

# A message past the report's 16 MiB for a value: the SARIF's, not the report's.
edited message 17000000 >long.sarif
refused "a message of 17 MB" "^devtrace: long\.sarif: run's result 1: string or blob too big$" \
  "$devtrace" report "$report" --static long.sarif

# Findings in files no run called from: said, not "not reached" alone.
edited files '"elsewhere/other.c"' >elsewhere.sarif
"$devtrace" report "$report" --static elsewhere.sarif >table 2>err
grep -q "no run made a call from any file of devcheck's findings" err \
  || fail "a report of other files: not said on stderr: $(cat err)"
grep -q "^not-reached ([0-9]*): no run made a call from any of these files" table \
  || fail "a report of other files: its heading says not-reached: $(cat table)"
"$devtrace" report "$report" --static "$sarif" >table 2>err
if grep -q "no run made a call from any" table err; then
  fail "a report of the findings' files said to be of others"
fi
"$devcheck" --runtime "$report" none.c >out 2>err
grep -q "note: not run at run time: the report's runs made no call from any file analyzed" out \
  || fail "devcheck --runtime, a report of other files: $(cat out err)"
exit $failed
