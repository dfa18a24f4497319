#!/usr/bin/env bash
# Control characters in file names and messages, in devcheck's text
# output: each is an escape, as in devtrace's text (\x1b, \n, \u009b, \xff
# for a byte that is not UTF-8), so that a finding stays one line and no
# name drives the terminal.  A source named with ESC, a newline, a C1
# character and a byte that is not UTF-8, whose messages quote a string
# literal holding an ESC; another, so named, that does not parse.
#   control_chars.sh DEVCHECK
set -u
devcheck=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
name=$(printf 'a\033[31mb\nc\302\233d\377.c')
shown='a\x1b[31mb\nc\u009bd\xff.c'
printf '#include <cuda_runtime_api.h>\n
void f(void)
{
    float host[4];
    float *tab[8];
    cudaMalloc((void **)&tab[sizeof("\033[31m")], 16);
    cudaMemcpy(tab[sizeof("\033[31m")], host, sizeof host, cudaMemcpyDeviceToHost);
}\n' >"$name"
printf 'void g(void) { int = 1; }\n' >"$(printf 'e\033.c')"
"$devcheck" ./* >out 2>err
status=$?
failed=0
fail() { echo "FAIL $*"; cat -v out err; failed=1; }
[ "$status" = 2 ] || fail "exit $status, not 2 (a file that does not parse)"
# Nothing but printable text and line ends, on either stream.
if LC_ALL=C grep -q '[[:cntrl:]]' <(tr -d '\n' <out) <(tr -d '\n' <err); then
  fail "a control character printed as it is"
fi
for byte in '\302\233' '\377'; do
  LC_ALL=C grep -q "$(printf "$byte")" out err && fail "a C1 character or a byte not UTF-8 printed"
done
grep -qF "./$shown:8:5: error: cudaMemcpyDeviceToHost" out || fail "the name not escaped"
grep -qF "'tab[sizeof(\"\x1b[31m\")]'" out || fail "the message not escaped"
grep -qF 'e\x1b.c' err || fail "the name of the file that does not parse not escaped"
[ "$(grep -c '^\./' out)" -ge 3 ] || fail "a finding or a note not on one line"
exit $failed
