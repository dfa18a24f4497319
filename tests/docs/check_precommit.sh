#!/usr/bin/env bash
# The pre-commit hook (.pre-commit-hooks.yaml), run by the pre-commit tool
# as a user's repository would run it: a commit of a correct file passes,
# one of a device mix-up fails with devcheck's finding, a file that is not
# C is not given to devcheck, and -p BUILD takes a compile database's flags.
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
# config NAME ARGS: a user's configuration of the hook
config() {
  printf 'repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: devcheck\n    args: [%s]\n' \
    "$work/hooks" "$rev" "$2" >"$work/$1.yaml"
}
config plain ""
config with_build "-p, build"

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
mkdir build
printf '[{"directory": "%s", "file": "flagged.c", "arguments": ["cc", "-DSWAPPED", "-c", "flagged.c"]}]\n' \
  "$PWD" >build/compile_commands.json
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
[ $status = 0 ] && echo "pre-commit: the hook passes good files, fails a mix-up, skips what is not C, takes -p"
exit $status
