#!/usr/bin/env bash
# Mutation testing on demand: does the suite fail when the code's behaviour
# breaks?  Each mutant of bench/mutants.tsv is one small change to the core
# (a flipped condition, a dropped statement, a shifted bound); the script
# applies it, rebuilds, runs the tests the mutant's row names, then, if none
# failed, all the others, and says the mutant's fate:
#
#   killed      a test failed (the first one named)
#   survived    every test passed: a gap in the tests, or an equivalent
#               mutant (then say so in the table's note)
#   stale       its pattern is not in the file exactly once: the code moved,
#               so update the row (never skipped in silence)
#   no build    the mutant does not compile: not counted
#   equivalent  the table's note says it changes no behaviour: not run
#
# and the score, killed / (killed + survived).  Not a test and not in CI: a
# full run is an hour or more on two cores.
#
#   bash bench/mutate.sh [N...]        all mutants, or rows N... (1 = the first)
#
# It configures its own build folder (MUTATE_BUILD, build-mutate by default;
# no GPU backend), runs the whole suite once on the unchanged code (it must
# pass), and restores every file it changes, even when interrupted: the file
# under mutation is copied to the build folder first, and a run killed
# outright (SIGKILL) has it put back by the next run.  MUTATE_JOBS sets the
# parallelism (2); MUTATE_SKIP, a ctest -E pattern, leaves tests out of the
# suite's runs (the slowest, on a loaded machine: 'big_report|libtorch'),
# not of the tests a row names.
set -u
cd "$(dirname "$0")/.." || exit 2
table=bench/mutants.tsv
build=${MUTATE_BUILD:-build-mutate}
jobs=${MUTATE_JOBS:-2}
skip=${MUTATE_SKIP:-}
mkdir -p "$build" || exit 2
build=$(cd "$build" && pwd)
saved=$build/mutate.saved       # the file under mutation, as it was
under=$build/mutate.path        # its path

restore() {
    if [ -f "$under" ]; then
        cp "$saved" "$(cat "$under")" && rm -f "$saved" "$under"
    fi
}
# Long commands run in the background, in a process group of their own,
# waited for: a signal then stops the script at once (bash runs a trap only
# once its foreground command is done), and the command's whole group (the
# tests ctest started) with it.
child=
run() {
    setsid "$@" &
    child=$!
    wait "$child"
    local status=$?
    child=
    return $status
}
stop() {
    [ -n "$child" ] && kill -- -"$child" 2>/dev/null
    exit 130
}
trap restore EXIT
trap stop INT TERM HUP
restore                         # what a killed run left mutated

say() { printf '%s\n' "$*" | tee -a "$build/mutate.log"; }

# The line of FILE that FIND starts on, or why it cannot be applied
# (exit 3: the pattern is not there exactly once); with a fourth argument,
# applied.  \n in FIND and REPLACE is a line break, a REPLACE of - nothing.
mutate() {
    python3 - "$@" <<'EOF'
import sys
path, find, repl = sys.argv[1], sys.argv[2].replace('\\n', '\n'), sys.argv[3].replace('\\n', '\n')
repl = '' if repl == '-' else repl
text = open(path).read()
n = text.count(find)
if n != 1:
    print('pattern found %d times' % n)
    sys.exit(3)
print(text[:text.index(find)].count('\n') + 1)
if len(sys.argv) > 4:
    open(path, 'w').write(text.replace(find, repl))
EOF
}

build_it() {
    run cmake --build "$build" -j"$jobs" >"$build/mutate.build.log" 2>&1
}

# Runs ctest with the arguments; sets failed to the first failed test's
# name, or to nothing.
run_tests() {
    local list=$build/Testing/Temporary/LastTestsFailed.log
    rm -f "$list"
    run ctest --test-dir "$build" -j"$jobs" --timeout 300 --stop-on-failure "$@" \
        >"$build/mutate.test.log" 2>&1
    failed=
    [ -s "$list" ] && failed=$(head -n 1 "$list" | cut -d: -f2-)
}

if [ ! -f "$build/CMakeCache.txt" ]; then
    say "configuring $build"
    cmake -S . -B "$build" -G Ninja -DDEVCHECK_CUDA=OFF >"$build/mutate.build.log" 2>&1 ||
        { cat "$build/mutate.build.log"; exit 2; }
fi
say "building $build (unchanged code)"
build_it || { tail -n 30 "$build/mutate.build.log"; exit 2; }
if [ -z "${MUTATE_NO_BASELINE:-}" ]; then
    say "the whole suite on the unchanged code"
    run_tests ${skip:+-E "$skip"}
    if [ -n "$failed" ]; then
        say "the suite fails before any mutation ($failed): fix that first"
        exit 2
    fi
fi

killed=0 survived=0 stale=0 nobuild=0 equivalent=0 n=0
while IFS=$'\t' read -r -u 3 file find repl tests note; do
    case "$file" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    if [ $# -gt 0 ] && ! printf ' %s ' "$*" | grep -q " $n "; then
        continue
    fi
    if ! line=$(mutate "$file" "$find" "$repl"); then
        stale=$((stale + 1))
        say "$n $file: stale ($line): $find"
        continue
    fi
    where="$file:$line"
    if [ "${note%%:*}" = equivalent ]; then
        equivalent=$((equivalent + 1))
        say "$n $where: equivalent, not run (${note#equivalent: })"
        continue
    fi
    printf '%s\n' "$file" >"$under" && cp "$file" "$saved" || exit 2
    mutate "$file" "$find" "$repl" apply >/dev/null || exit 2
    started=$SECONDS
    if ! build_it; then
        nobuild=$((nobuild + 1))
        fate="no build"
    else
        run_tests -R "$tests"
        [ -n "$failed" ] || run_tests -E "$tests${skip:+|$skip}"
        if [ -n "$failed" ]; then
            killed=$((killed + 1))
            fate="killed by $failed"
        else
            survived=$((survived + 1))
            fate="SURVIVED${note:+ ($note)}"
        fi
    fi
    restore
    say "$n $where: $fate ($((SECONDS - started)) s)"
done 3<"$table"     # not stdin, which a test may read

build_it                        # the build folder as the code is again
run=$((killed + survived))
say "mutants: $killed killed, $survived survived, $stale stale, $nobuild no build," \
    "$equivalent equivalent"
[ "$run" -gt 0 ] && say "score: $killed of $run killed ($((100 * killed / run))%)"
[ "$stale" -eq 0 ]
