#!/usr/bin/env bash
# .ci/demo on a built tree: it says its build's progress as it goes (a
# stand-in cmake prints Ninja's lines, the tree being built already), it
# labels the scenarios whose both forms are correct where their runs say
# nothing, and error_then_fix_fixed's output says its error is meant.
#   check_demo.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$(realpath "$1") build=$(realpath "$2")
stub=$(mktemp -d); trap 'rm -rf "$stub"' EXIT
cat >"$stub/cmake" <<'SH'
#!/bin/sh
# cmake -S ... configures: nothing to say; cmake --build: Ninja's twenty steps.
[ "$1" = --build ] || exit 0
i=1; while [ $i -le 20 ]; do echo "[$i/20] Building C object step$i.o"; i=$((i + 1)); done
SH
chmod +x "$stub/cmake"
out=$(PATH=$stub:$PATH DEMO_DEPS=0 DEMO_BUILD=$build bash "$src/.ci/demo" 2>&1)
rc=$?
status=0
finds() {   # finds WHAT PATTERN: a line of the demo's output matches
  grep -qE "$2" <<<"$out" || { echo "the demo does not say $1 (no line matching '$2')"; status=1; }
}
[ $rc = 0 ] || { echo "the demo exited $rc"; status=1; }
finds "that it builds" "^== building .*in $build/"
finds "the build's progress" "^ +10% \(2 of 20 steps\)$"
finds "the build's end" "^ +100% \(20 of 20 steps\)$"
finds "which scenarios are correct in both forms" "forward_uses_input_device, split_outputs\): nothing found there is right"
for name in forward_uses_input_device split_outputs; do
  for form in bug fixed; do
    finds "that ${name}_$form is correct" "^== ${name}_$form \(both forms are correct: no finding is the right answer\)$"
  done
done
# error_then_fix_fixed's error is in its own section, and said to be meant.
section=$(sed -n '/^== error_then_fix_fixed/,/^== /p' <<<"$out")
grep -q "forward failed, as this example means it to" <<<"$section" ||
  { echo "error_then_fix_fixed does not say its error is meant:"; echo "$section"; status=1; }
finds "where the page is" "^== the HTML report of all these runs: "
[ $status = 0 ] || { echo "--- the demo's output:"; echo "$out"; }
[ $status = 0 ] && echo "demo: progress said, correct scenarios labelled, the meant error said"
exit $status
