#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml), run by the pre-commit tool
# as a user's repository would run them.  devcheck-files, each staged file
# alone: a commit of a correct file passes, one of a device mix-up fails
# with devcheck's finding, a file that is not C is not given to devcheck.
# devcheck, with the build: the compile database's flags, a staged file
# checked with the facts of the file it calls into, a staged header through
# the files that include it (a header none includes said, not an error).
# And docs/devcheck.md's configuration, as written.
#   check_precommit.sh SOURCE_DIR DEVCHECK_DIR
set -uo pipefail
src=$(realpath "$1") bin=$(realpath "$2")
command -v pre-commit >/dev/null ||
  { echo "pre-commit is not installed (pip install pre-commit): nothing checked"; exit 77; }
export PATH=$bin:$PATH PRE_COMMIT_HOME=$(mktemp -d) GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t \
       GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
work=$(mktemp -d); trap 'rm -rf "$work" "$PRE_COMMIT_HOME"' EXIT
status=0

# The hook's repository: the manifest as it is in the checkout, committed.
mkdir "$work/hooks" && cp "$src/.pre-commit-hooks.yaml" "$work/hooks/" &&
  git -C "$work/hooks" init -q . && git -C "$work/hooks" add . &&
  git -C "$work/hooks" commit -qm hooks || exit 1
rev=$(git -C "$work/hooks" rev-parse HEAD)
# config NAME HOOK ARGS: a user's configuration of a hook
config() {
  printf 'repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: %s\n    args: [%s]\n' \
    "$work/hooks" "$rev" "$2" "$3" >"$work/$1.yaml"
}
config plain devcheck-files ""
config with_build devcheck ""
config other_build devcheck "-p, out"
# docs/devcheck.md's configuration, the YAML block of its pre-commit item
sed -n '/^- \*\*pre-commit\*\*/,/^- \*\*/p' "$src/docs/devcheck.md" |
  sed -n '/^  ```yaml$/,/^  ```$/p' | sed '1d;$d;s/^  //' >"$work/documented.yaml"
grep -q "repo:" "$work/documented.yaml" || { echo "no YAML block in devcheck.md's pre-commit item"; exit 1; }

mkdir "$work/user" && cd "$work/user" && git init -q .
cat >ok.c <<'C'
#include <cuda_runtime.h>
void up(float *d, const float *h, size_t n) { cudaMemcpy(d, h, n, cudaMemcpyHostToDevice); }
C
cat >bad.c <<'C'
#include <cuda_runtime.h>
#include <stdlib.h>
void up(size_t n)
{
    float *h = malloc(n), *d = NULL;
    cudaMalloc((void **)&d, n);
    cudaMemcpy(h, d, n, cudaMemcpyHostToDevice);
}
C
echo 'not C at all {' >notes.txt
# The -D of a compile database makes flagged.c wrong.
cat >flagged.c <<'C'
#include <cuda_runtime.h>
#include <stdlib.h>
void up(size_t n)
{
    float *h = malloc(n), *d = NULL;
    cudaMalloc((void **)&d, n);
#ifdef SWAPPED
    cudaMemcpy(h, d, n, cudaMemcpyHostToDevice);
#else
    cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
#endif
}
C
# A helper in one file allocates on the GPU; main.c, in another, reads it
# on the host: only the helper's facts show it.  util.h is clean, and
# included; lone.h is included by no file.
cat >gpu_buf.h <<'C'
#include <stddef.h>
float *gpu_buf(size_t n);
C
cat >buf.c <<'C'
#include <cuda_runtime.h>
#include "gpu_buf.h"
float *gpu_buf(size_t n)
{
    float *d = NULL;
    cudaMalloc((void **)&d, n * sizeof *d);
    return d;
}
C
cat >main.c <<'C'
#include "gpu_buf.h"
float first(void)
{
    float *d = gpu_buf(16);
    return d[0];
}
C
echo 'static inline int twice(int x) { return 2 * x; }' >util.h
printf '#include "util.h"\nint four(void) { return twice(2); }\n' >user.c
echo 'int lone(void);' >lone.h
mkdir build out
command() {   # command FILE [FLAG]: a compile database's entry
  printf '{"directory": "%s", "file": "%s", "arguments": ["cc", %s"-c", "%s"]}' \
    "$PWD" "$1" "${2:+\"$2\", }" "$1"
}
printf '[%s, %s, %s, %s]\n' "$(command flagged.c -DSWAPPED)" "$(command buf.c)" "$(command main.c)" \
  "$(command user.c)" >build/compile_commands.json
printf '[%s]\n' "$(command flagged.c -DSWAPPED)" >out/compile_commands.json
git add .

expect() {   # expect STATUS WHAT CONFIG FILES...: pre-commit's exit status
  local want=$1 what=$2 cfg=$3; shift 3
  out=$(pre-commit run -c "$work/$cfg.yaml" --verbose --files "$@" 2>&1); local got=$?
  [ "$got" = "$want" ] || { echo "$what: exit $got, not $want:"; echo "$out"; status=1; }
}
finds() {   # finds PATTERN: in the last output
  grep -qE "$1" <<<"$out" || { echo "no '$1' in:"; echo "$out"; status=1; }
}
expect 0 "a correct file" plain ok.c
expect 1 "a copy with its pointers swapped" plain bad.c ok.c
finds "bad.c:7:.*memcpy-direction"
expect 0 "a file that is not C, alone" plain notes.txt
finds "no files to check"
expect 0 "flagged.c without its flags" plain flagged.c
expect 1 "flagged.c with the compile database's" with_build flagged.c
finds "flagged.c:8:.*memcpy-direction"
expect 1 "flagged.c with another build folder's" other_build flagged.c
finds "flagged.c:8:.*memcpy-direction"
expect 0 "main.c alone, with no build" plain main.c
expect 1 "main.c alone, with its callee's facts from the build" with_build main.c
finds "main.c:5:.*host-deref"
expect 1 "a header, through the files that include it" with_build gpu_buf.h
finds "main.c:5:.*host-deref"
expect 0 "a clean header" with_build util.h user.c
expect 0 "a header no file includes" with_build lone.h
finds "no file of the compile database includes, not analyzed: [^ ]*lone\.h"
expect 1 "docs/devcheck.md's configuration, main.c alone" documented main.c
finds "main.c:5:.*host-deref"
expect 0 "docs/devcheck.md's configuration, a clean header" documented util.h
[ $status = 0 ] && echo "pre-commit: the hooks pass good files, fail a mix-up, skip what is not C, take the build's flags and facts, check headers through their includers; the documented configuration works"
exit $status
