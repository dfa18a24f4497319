#!/usr/bin/env bash
# The shim on a bad day: many threads, fork, exec chains, SIGTERM and
# kill -9, programs whose lines the shim cannot find in them (no debug
# information; a debug link to a file elsewhere) with a debuginfod server
# named, as Debian's profile names one, two commands writing one report at
# once, a process with no CUDA call after a traced one, kill -9 in the middle
# of a commit, Python's Ctrl-C, and programs that do things to themselves
# after their first CUDA call (fd 2 closed and a log opened there, chroot,
# RLIMIT_NOFILE lowered to 3, an SQLite of their own, single-threaded and
# exported), each scenario R times (the short ones 20 R times, the
# confinements 5 R times).  Every report must pass SQLite's
# integrity_check, hold one run per process image, and count every call of
# every run exactly (or, for a killed run, no more than were made).
#   bench/torture.sh [BUILD_DIR] [R]
# Prints a line per scenario: runs and counts expected and found, and how
# many of the R reports were whole.
set -uo pipefail
build=${1:-build}; reps=${2:-3}
prog=$(realpath "$build/bench/bench_torture")
shim=$(realpath "$build/lib/libdevtrace.so")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DT_DEVICE=sim DT_SIM_QUIET=1
set -m      # job control: a background job keeps SIGINT (else it is ignored)

q() { sqlite3 "$1" "$2" 2>&1; }

# check NAME DB RUNS THREADS CALLS: the report of one scenario, whole or not
check() {
  local db=$1 runs=$2 per=$(($3 * $4)) problems=""
  [ "$(q "$db" 'PRAGMA integrity_check')" = ok ] || problems+=" integrity"
  local got; got=$(q "$db" 'SELECT count(*) FROM runs')
  [ "$got" = "$runs" ] || problems+=" runs=$got"
  local wrong; wrong=$(q "$db" "SELECT count(*) FROM runs r WHERE (SELECT coalesce(sum(calls), 0)
                         FROM api_calls WHERE run = r.id AND api = 'cudaMemset') != $per")
  [ "$wrong" = 0 ] || problems+=" memset-counts-wrong-in=$wrong"
  local dfree; dfree=$(q "$db" "SELECT count(DISTINCT run) FROM findings WHERE kind = 'double_free'")
  [ "$dfree" = "$runs" ] || problems+=" double_free-in=$dfree"
  echo "${problems:- whole}"
}

# scenario NAME RUNS THREADS CALLS FORKS EXECS
scenario() {
  local name=$1 runs=$2 threads=$3 calls=$4 forks=$5 execs=$6 whole=0 last=""
  for r in $(seq "$reps"); do
    local db=$work/$name.$r.db
    LD_PRELOAD=$shim DEVTRACE_DB=$db "$prog" "$threads" "$calls" "$forks" "$execs" >/dev/null 2>&1
    last=$(check "$db" "$runs" "$threads" "$calls")
    [ "$last" = " whole" ] && whole=$((whole + 1))
  done
  printf '%-34s runs %3d, %6d memsets each: %d/%d whole;%s\n' \
    "$name ($threads threads)" "$runs" "$((threads * calls))" "$whole" "$reps" "$last"
}

# started OUT: waits (60 s at most) until the run printing to OUT holds
started() {
  for _ in $(seq 600); do
    grep -q holding "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# killed NAME SIGNAL THREADS CALLS RUNS: RUNS runs each held in a loop of
# calls (once THREADS threads made CALLS calls each), ended by SIGNAL at a
# random moment in its first second of holding; SIGKILL, which no handler
# sees, a second in, when what came before the loop is long committed
killed() {
  local name=$1 sig=$2 threads=$3 calls=$4 runs=$5 whole=0 last=""
  for r in $(seq "$runs"); do
    local db=$work/$name.$r.db out=$work/$name.$r.out
    LD_PRELOAD=$shim DEVTRACE_DB=$db "$prog" "$threads" "$calls" 0 0 hold >"$out" 2>&1 &
    local pid=$!
    local problems=""
    started "$out" || problems+=" never-held"
    local delay=0.$((RANDOM % 10))
    [ "$sig" = KILL ] && delay=1
    sleep "$delay"; kill "-$sig" "$pid"; wait "$pid" 2>/dev/null
    # what a user keeps: the .db file alone, copied
    cp "$db" "$work/copy.db" 2>/dev/null
    [ "$(q "$work/copy.db" 'PRAGMA integrity_check')" = ok ] || problems+=" integrity"
    local memsets; memsets=$(q "$work/copy.db" "SELECT coalesce(sum(calls), 0) FROM api_calls WHERE api = 'cudaMemset'")
    [[ "$memsets" =~ ^[0-9]+$ ]] && [ "$memsets" -ge $((threads * calls)) ] || problems+=" memsets=$memsets"
    local dfree; dfree=$(q "$work/copy.db" "SELECT count(*) FROM findings WHERE kind = 'double_free'")
    [ "$dfree" = 1 ] || problems+=" double_free=$dfree"
    if [ "$sig" != KILL ]; then
      local s; s=$(q "$work/copy.db" 'SELECT signal FROM runs')
      [ "$s" = "$(kill -l "$sig")" ] || problems+=" signal=$s"
    fi
    rm -f "$work/copy.db"
    last=${problems:- whole}
    [ "$last" = " whole" ] && whole=$((whole + 1))
  done
  printf '%-34s the copied .db alone: %d/%d whole;%s\n' "$name" "$whole" "$runs" "$last"
}

# unlined NAME EXE: EXE, which holds no line of its own, run 20 R times,
# each to its end, its report whole: the shim looks its lines up while the
# program's exit handlers run, and must reach for nothing they tear down.
unlined() {
  local name=$1 exe=$2 whole=0 ended=0 runs=$((reps * 20)) last=""
  for r in $(seq "$runs"); do
    local db=$work/$name.$r.db
    DEBUGINFOD_URLS=${DEBUGINFOD_URLS:-https://debuginfod.debian.net} LD_PRELOAD=$shim \
      DEVTRACE_DB=$db "$exe" 1 10 0 0 >/dev/null 2>&1 && ended=$((ended + 1))
    last=$(check "$db" 1 1 10)
    [ "$last" = " whole" ] && whole=$((whole + 1))
    rm -f "$db"
  done
  printf '%-34s %d/%d ended, %d/%d whole;%s\n' "$name" "$ended" "$runs" "$whole" "$runs" "$last"
}

devtrace=$(realpath "$build/bin/devtrace")

# together NAME: two commands at once, one report (no %p): both runs kept,
# each whole.
together() {
  local name=$1 whole=0 last=""
  for r in $(seq "$reps"); do
    local db=$work/$name.$r.db
    for _ in 1 2; do
      env -u DEVTRACE_SESSION LD_PRELOAD=$shim DEVTRACE_DB=$db "$prog" 4 2000 0 0 >/dev/null 2>&1 &
    done
    wait
    last=$(check "$db" 2 4 2000)
    [ "$last" = " whole" ] && whole=$((whole + 1))
  done
  printf '%-34s runs   2, %6d memsets each: %d/%d whole;%s\n' "$name" 8000 "$whole" "$reps" "$last"
}

# untouched NAME: a traced run, then a process with no CUDA call under the
# same LD_PRELOAD and report: the report as the traced run left it.
untouched() {
  local name=$1 whole=0 last=""
  for r in $(seq "$reps"); do
    local db=$work/$name.$r.db
    LD_PRELOAD=$shim DEVTRACE_DB=$db "$prog" 2 1000 0 0 >/dev/null 2>&1
    env -u DEVTRACE_SESSION LD_PRELOAD=$shim DEVTRACE_DB=$db /bin/sh -c true
    last=$(check "$db" 1 2 1000)
    [ "$last" = " whole" ] && whole=$((whole + 1))
  done
  printf '%-34s %d/%d whole;%s\n' "$name" "$whole" "$reps" "$last"
}

# in_commit NAME: 20 R runs killed by kill -9 at a random moment of their
# first half second, many of them inside a commit: how many left a journal
# (hot, its commit half done), and how many reports devtrace still reads
# (it rolls such a commit back).
in_commit() {
  local name=$1 runs=$((reps * 20)) journals=0 read=0 unmade=0
  for r in $(seq "$runs"); do
    local db=$work/$name.$r.db
    LD_PRELOAD=$shim DEVTRACE_DB=$db "$prog" 8 1000 0 0 hold >/dev/null 2>&1 &
    local pid=$!
    sleep "0.$((RANDOM % 5))$((RANDOM % 10))"; kill -KILL "$pid"; wait "$pid" 2>/dev/null
    [ -s "$db-journal" ] && journals=$((journals + 1))
    if [ ! -s "$db" ]; then             # killed before its first commit: no run to keep
      unmade=$((unmade + 1))
    elif "$devtrace" report "$db" summary >/dev/null 2>&1; then
      read=$((read + 1))
    fi
    rm -f "$db" "$db-journal"
  done
  printf '%-34s %d of %d left a hot journal; %d/%d reports read (%d killed before the first commit)\n' \
    "$name" "$journals" "$runs" "$read" "$((runs - unmade))" "$unmade"
}

# interrupted NAME: Python under the shim, Ctrl-C (SIGINT) R times: each
# must raise KeyboardInterrupt, as Python alone does.
interrupted() {
  local name=$1 raised=0
  command -v python3 >/dev/null || { printf '%-34s (no python3)\n' "$name"; return; }
  for _ in $(seq "$reps"); do
    LD_PRELOAD=$shim python3 -c 'import os, signal, time
try:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(5)
except KeyboardInterrupt:
    print("raised")' 2>/dev/null | grep -q raised && raised=$((raised + 1))
  done
  printf '%-34s %d/%d raised KeyboardInterrupt\n' "$name" "$raised" "$reps"
}

# confined NAME HOW: 5 R runs (2 threads, 1000 memsets each) that do HOW to
# themselves after their first call (bench_torture's log, chroot, nofile),
# under DEVTRACE_PRINT=1: each report whole, and (log) the program's log
# without a line of the shim's.
confined() {
  local name=$1 how=$2 whole=0 clean=0 runs=$((reps * 5)) last=""
  if [ "$how" = chroot ] && [ "$(id -u)" != 0 ]; then
    printf '%-34s (not root)\n' "$name"; return
  fi
  for r in $(seq "$runs"); do
    local db=$work/$name.$r.db
    (cd "$work" && rm -f torture.log &&
     DEVTRACE_PRINT=1 LD_PRELOAD=$shim DEVTRACE_DB=$db "$prog" 2 1000 0 0 "$how" >/dev/null 2>&1)
    last=$(check "$db" 1 2 1000)
    [ "$last" = " whole" ] && whole=$((whole + 1))
    grep -qs devtrace "$work/torture.log" || clean=$((clean + 1))
  done
  printf '%-34s %d/%d whole, %d/%d logs the program'"'"'s alone;%s\n' \
    "$name" "$whole" "$runs" "$clean" "$runs" "$last"
}

# own_sqlite NAME: bench_own_sqlite (an SQLite of its own, static, exported,
# single-threaded) R times, 2000 transactions each: its database and the
# report both whole, and its loop's seconds alone and under the shim.
own_sqlite() {
  local name=$1 exe=$build/bench/bench_own_sqlite whole=0 alone=0 traced=0 last=""
  [ -x "$exe" ] || { printf '%-34s (no bench_own_sqlite)\n' "$name"; return; }
  for r in $(seq "$reps"); do
    local db=$work/$name.$r.db
    rm -f "$work/own.db"
    alone=$(echo "$alone + $("$exe" "$work/own.db" 2000)" | bc)
    rm -f "$work/own.db"
    local secs own
    secs=$(LD_PRELOAD=$shim DEVTRACE_DB=$db "$exe" "$work/own.db" 2000 2>/dev/null)
    own=$?
    traced=$(echo "$traced + ${secs:-0}" | bc)
    last=$(check "$db" 1 1 2000)
    [ "$own" = 0 ] || last+=" own-database"
    [ "$last" = " whole" ] && whole=$((whole + 1))
  done
  printf '%-34s %d/%d whole; its loop %.2f s alone, %.2f s traced;%s\n' \
    "$name" "$whole" "$reps" "$(echo "$alone / $reps" | bc -l)" "$(echo "$traced / $reps" | bc -l)" "$last"
}

objcopy --strip-debug "$prog" "$work/nog"
objcopy --only-keep-debug "$prog" "$work/linked.debug"
objcopy --strip-debug --add-gnu-debuglink="$work/linked.debug" "$prog" "$work/linked"
mkdir "$work/elsewhere" && mv "$work/linked.debug" "$work/elsewhere/"

scenario threads         1 32 5000 0 0
scenario fork            9  4 2000 8 0
scenario exec-chain      4  4 2000 0 3
scenario fork-exec      12  2 1000 3 2
killed   sigterm         TERM 8 1000 "$reps"
killed   sigint          INT  8 1000 "$reps"
killed   kill-9          KILL 8 1000 "$reps"
# short runs, many of them: a signal lands anywhere in the shim's path
killed   sigterm-short   TERM 1 10 $((reps * 20))
killed   sigint-short    INT  1 10 $((reps * 20))
unlined  no-debug-info   "$work/nog"
unlined  debug-elsewhere "$work/linked"
together     two-writers
untouched    no-call-after
in_commit    kill-9-in-commit
interrupted  python-sigint
confined     stderr-to-log  log
confined     chroot         chroot
confined     nofile-3       nofile
own_sqlite   own-sqlite
