#!/usr/bin/env bash
# memcpy-direction's fix-its (cases/memcpy_kind_fix.c): applied by --fix on
# a copy, the kinds written at the call are replaced by the ones that fit
# and nothing else changes (a kind from a macro or a variable, swapped
# pointers, a side unknown: the finding stays); in SARIF, the same edits
# as each result's fixes.
#   fix_kinds.sh DEVCHECK PYTHON [FLAGS...]
set -u
devcheck=$1
python=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cp "$here/cases/memcpy_kind_fix.c" a.c

fail() {
  echo "$*"
  for f in out err; do [ -f "$f" ] && { echo "--- $f:"; cat "$f"; }; done
  exit 1
}

# The file fixed: where a marker names a replacement, the kind replaced on
# its line, or on the next where the call goes on there.
"$python" - a.c >want <<'PY'
import re, sys
lines, kind = open(sys.argv[1]).readlines(), None
for line in lines:
    m = re.search(r"devcheck-fix: replace '(\w+)' with '(\w+)'", line)
    kind = m.groups() if m else kind
    if kind and re.search(r"\b%s\b(?=[,)])" % kind[0], line):
        line = re.sub(r"\b%s\b(?=[,)])" % kind[0], kind[1], line, count=1)
        kind = None
    sys.stdout.write(line)
PY

"$devcheck" --format sarif a.c -- "$@" >sarif 2>err
"$python" - sarif <<'PY' || fail "SARIF's fixes are not the kinds that fit"
import json, sys
results = json.load(open(sys.argv[1]))["runs"][0]["results"]
def edit(r):
    d, = [c for f in r.get("fixes", []) for c in f["artifactChanges"] for c in c["replacements"]]
    region = d["deletedRegion"]
    return (region["startLine"], region["startColumn"], region["endLine"], region["endColumn"],
            d["insertedContent"]["text"])
fixes = sorted(edit(r) for r in results if r["ruleId"] == "memcpy-direction" and "fixes" in r)
want = [(23, 37, 23, 59, "cudaMemcpyDeviceToHost"), (35, 22, 35, 44, "cudaMemcpyHostToDevice"),
        (48, 37, 48, 59, "cudaMemcpyDeviceToDevice"), (49, 42, 49, 62, "cudaMemcpyHostToDevice"),
        (50, 39, 50, 61, "cudaMemcpyDeviceToHost")]
if fixes != want:
    sys.exit(f"fixes {fixes}, wanted {want}")
PY

"$devcheck" --fix a.c -- "$@" >out 2>err
grep -q "5 fixes applied" err || fail "--fix did not say it applied 5 fixes"
cmp -s a.c want || fail "a.c is not fixed as it should be: $(diff want a.c)"
"$devcheck" a.c -- "$@" >out 2>err
[ "$(grep -c 'error: .*devcheck-memcpy-direction' out)" = 4 ] ||
  fail "the fixed file should keep the 4 findings with no fix-it"
grep -q "fix-it:" out && fail "the fixed file still has fix-its"
exit 0
