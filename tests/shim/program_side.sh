#!/usr/bin/env bash
# What a program does to itself, and devtrace survives (docs/devtrace.md,
# "What devtrace promises").  One case a call:
#   program_side.sh CASE DEVTRACE PRELOAD DIR EXE...
#   closed_stderr EXE: devtrace run with its stderr a pipe whose reader is
#     gone exits with the program's status (EXE exits 7), not SIGPIPE's 141
#   confined_MODE EXE: EXE (confined.c) confines itself as MODE says right
#     after its first CUDA call; its finding after that is in the report,
#     and devtrace run says so (chroot and setuid need root: else skipped)
#   own_log EXE: EXE (own_log.c) closes fd 2 and opens its log there after
#     its first CUDA call: the log holds its own line alone, the report the
#     finding made after it
#   escaped EXE: the live line of a finding in a file named with control
#     characters spells them as escapes
set -u
case=$1 devtrace=$2 preload=$3 dir=$4
shift 4
rm -rf "$dir" && mkdir -p "$dir" && cd "$dir" || exit 2
export DT_DEVICE=sim DT_SIM_QUIET=1 DEVTRACE_LIB=${preload##*:}
[ "$preload" = "${preload##*:}" ] && unset LD_PRELOAD || export LD_PRELOAD=${preload%:*}

closed_stderr() {
  # the reader (true) is gone before devtrace speaks
  { sleep 0.3; "$devtrace" run -o run.db -- "$1" 2>&1 >/dev/null; echo $? >status; } | true
  local status; status=$(cat status)
  [ "$status" = 7 ] || { echo "devtrace run exited $status, the program 7"; return 1; }
}

confined() {
  local mode=$1 exe=$2
  if [ "$mode" != nofile ] && [ "$(id -u)" != 0 ]; then
    echo "$mode needs root"; exit 77
  fi
  chmod 755 .
  "$devtrace" run -o run.db -- "$exe" "$mode" >out 2>err
  local status=$?
  [ "$status" = 0 ] || { echo "exit $status"; cat err; return 1; }
  grep -q "^devtrace: 1 error and 0 warnings in 1 run" err || { echo "stderr:"; cat err; return 1; }
  local kind; kind=$("$devtrace" report run.db findings --format csv | grep -c memcpy_direction)
  [ "$kind" = 1 ] || { echo "the report's findings:"; "$devtrace" report run.db findings; return 1; }
}

own_log() {
  "$devtrace" run -o run.db -- "$1" log >out 2>err
  local status=$?
  [ "$status" = 0 ] || { echo "exit $status"; cat err; return 1; }
  [ "$(cat own_log.txt)" = "the program's own line" ] ||
    { echo "the program's log:"; cat -v own_log.txt; return 1; }
  local kind; kind=$("$devtrace" report run.db findings --format csv | grep -c memcpy_direction)
  [ "$kind" = 1 ] || { echo "the report's findings:"; "$devtrace" report run.db findings; return 1; }
}

escaped() {
  "$devtrace" run -o run.db -- "$1" escape >out 2>err
  grep -q 'own\\x1b\[31mlog\\r\\n\.c:1: error\[memcpy_direction\]' err ||
    { echo "stderr:"; cat -v err; return 1; }
  ! grep -q $'\033' err || { echo "a raw escape on stderr:"; cat -v err; return 1; }
}

case $case in
  confined_*) confined "${case#confined_}" "$@" ;;
  *) "$case" "$@" ;;
esac
