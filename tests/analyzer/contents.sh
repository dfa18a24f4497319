#!/usr/bin/env bash
# --contents FILE=TEXT: FILE analyzed as if it held TEXT's text (an editor's
# unsaved text): TEXT's finding at TEXT's line, its ignore comments obeyed,
# FILE itself never read for them, nothing cached of it under -p, and --fix
# refused.
#   contents.sh DEVCHECK FLAGS...
set -u
devcheck=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$dir" || exit 1
cat >a.c <<'SOURCE'
#include <cuda_runtime_api.h>

void up(float *host, int n)
{
    float *dev = 0;
    cudaMalloc((void **)&dev, n * sizeof *dev);
    cudaMemcpy(dev, host, n * sizeof *dev, cudaMemcpyHostToDevice);
    cudaFree(dev);
}
SOURCE
cp a.c saved
# The editor's text: two lines more above, and the copy's kind wrong.
{ printf '/* new */\n\n'; sed 's/HostToDevice/DeviceToHost/' a.c; } >edited
"$devcheck" a.c -- "$@" >out 2>&1 || fail "a.c as saved: $(cat out)"
"$devcheck" --contents a.c=edited a.c -- "$@" >out 2>&1
[ $? -eq 1 ] || fail "the edited text: exit $? ($(cat out))"
grep -q '^a.c:9:5: error: .*\[devcheck-memcpy-direction\]' out || fail "not at the text's line: $(cat out)"
# SARIF's columns and lines are the text's too.
"$devcheck" --format sarif --contents "$dir/a.c=edited" a.c -- "$@" >out.sarif 2>&1
grep -q '"startLine": 9' out.sarif || fail "SARIF: $(cat out.sarif)"
# The ignore comment of the text silences it.
sed '9s|$| // devcheck-ignore(memcpy-direction)|' edited >ignored
"$devcheck" --contents a.c=ignored a.c -- "$@" >out 2>&1 || fail "ignored: $(cat out)"
grep -q '1 suppressed' out || fail "not suppressed: $(cat out)"
# Under -p, with a cache: the text's facts are not kept for the file, and
# the file as saved is quiet after it.
printf '[{"directory": "%s", "file": "a.c", "arguments": ["cc", "-c", "a.c"' "$dir" >compile_commands.json
for f in "$@"; do printf ', "%s"' "$f" >>compile_commands.json; done
printf ']}]\n' >>compile_commands.json
"$devcheck" -p . --contents a.c=edited a.c >out 2>&1
[ $? -eq 1 ] || fail "-p with the edited text: $(cat out)"
"$devcheck" -p . a.c >out 2>&1 || fail "-p after: the edited text's facts were cached: $(cat out)"
cmp -s a.c saved || fail "a.c was written"
# Usage errors: no '=', a TEXT that cannot be read, and --fix.
for bad in "--contents a.c" "--contents a.c=missing" "--fix --contents a.c=edited"; do
  # shellcheck disable=SC2086
  "$devcheck" $bad a.c -- "$@" >out 2>&1
  [ $? -eq 2 ] || fail "$bad: not a usage error: $(cat out)"
done
echo "ok"
