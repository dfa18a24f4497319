#!/usr/bin/env bash
# The shim on a bad day: many threads, fork, exec chains, SIGTERM and
# kill -9, each scenario R times.  Every report must pass SQLite's
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

# killed NAME SIGNAL: a run held in a loop of calls, ended by SIGNAL
killed() {
  local name=$1 sig=$2 whole=0 last=""
  for r in $(seq "$reps"); do
    local db=$work/$name.$r.db
    LD_PRELOAD=$shim DEVTRACE_DB=$db "$prog" 8 1000 0 0 hold >/dev/null 2>&1 &
    local pid=$!
    sleep 1; kill "-$sig" "$pid"; wait "$pid" 2>/dev/null
    local problems=""
    # what a user keeps: the .db file alone, copied
    cp "$db" "$work/copy.db" 2>/dev/null
    [ "$(q "$work/copy.db" 'PRAGMA integrity_check')" = ok ] || problems+=" integrity"
    local memsets; memsets=$(q "$work/copy.db" "SELECT coalesce(sum(calls), 0) FROM api_calls WHERE api = 'cudaMemset'")
    [[ "$memsets" =~ ^[0-9]+$ ]] && [ "$memsets" -ge 8000 ] || problems+=" memsets=$memsets"
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
  printf '%-34s the copied .db alone: %d/%d whole;%s\n' "$name" "$whole" "$reps" "$last"
}

scenario threads         1 32 5000 0 0
scenario fork            9  4 2000 8 0
scenario exec-chain      4  4 2000 0 3
scenario fork-exec      12  2 1000 3 2
killed   sigterm         TERM
killed   sigint          INT
killed   kill-9          KILL
