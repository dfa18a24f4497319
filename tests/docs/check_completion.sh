#!/usr/bin/env bash
# The bash completions: what TAB offers at each place of a command line,
# with the tools' own lists (rules, kinds) asked of the built tools.
#   check_completion.sh SOURCE_DIR DEVCHECK DEVTRACE
set -uo pipefail
src=$(realpath "$1") devcheck=$(realpath "$2") devtrace=$(realpath "$3")
. "$src/analyzer/devcheck.bash"
. "$src/report/devtrace.bash"
status=0
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work" && touch run.db notes.txt

# offers FUNCTION WORD... : EXPECTED...: completing the last WORD offers
# every EXPECTED (and, with = before it, exactly those).
offers() {
  local fn=$1; shift
  local words=()
  while [ "$1" != : ]; do words+=("$1"); shift; done; shift
  COMP_WORDS=("${words[@]}"); COMP_CWORD=$((${#words[@]} - 1)); COMPREPLY=()
  "$fn"
  local got=" ${COMPREPLY[*]} "
  if [ "${1:-}" = = ]; then
    shift
    local want=" $* "
    [ "$(tr ' ' '\n' <<<"$got" | sort | xargs)" = "$(tr ' ' '\n' <<<"$want" | sort | xargs)" ] ||
      { echo "${words[*]}<TAB>: offered [${COMPREPLY[*]}], not exactly [$*]"; status=1; }
    return
  fi
  for w in "$@"; do
    [[ $got == *" $w "* ]] || { echo "${words[*]}<TAB>: no $w in [${COMPREPLY[*]}]"; status=1; }
  done
}

offers _devcheck "$devcheck" --wr : = --write-baseline
offers _devcheck "$devcheck" --rules host : = host-deref
offers _devcheck "$devcheck" --disable memcpy-direction,dev : = memcpy-direction,device-mismatch
offers _devcheck "$devcheck" --format "" : = text sarif codequality
offers _devcheck "$devcheck" no : = notes.txt
offers _devtrace "$devtrace" "" : run report merge
offers _devtrace "$devtrace" report "" : summary findings transfers kernels allocations run.db
offers _devtrace "$devtrace" report run.db --format "" : = table csv json html trace sarif codequality
offers _devtrace "$devtrace" report --kinds double_free,use : = double_free,use_after_free
offers _devtrace "$devtrace" run --kinds kernel : = kernel_not_run
offers _devtrace "$devtrace" run --e : = --error-exitcode
offers _devtrace "$devtrace" merge out.db "" : = run.db
offers _devtrace "$devtrace" run -- bas : bash
[ $status = 0 ] && echo "completions: every place offers what it should"
exit $status
