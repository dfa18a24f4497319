#!/usr/bin/env bash
# The man pages: each renders without a warning from man and groff, and
# names every option its tool's --help gives (so a new option without its
# page fails here).
#   check_man.sh MAN_DIR DEVCHECK DEVTRACE
set -uo pipefail
dir=$1 devcheck=$2 devtrace=$3
status=0
command -v man >/dev/null || { echo "man is not installed (Debian: man-db)"; exit 1; }

render() { LC_ALL=C MANWIDTH=1000 man --warnings -l "$1"; }

# The options a help text gives: -x and --long-name where an option starts.
options() { grep -oE '(^|[][ ,|])--?[a-zA-Z][a-zA-Z-]*' | sed -E 's/^[][ ,|]//' | sort -u; }

for page in "$dir"/*.[17]; do
  warnings=$(render "$page" 2>&1 >/dev/null)
  if [ -n "$warnings" ]; then
    echo "$page: warnings:"; echo "$warnings"; status=1
  fi
done

# has PAGE HELP...: every option of the help texts is in the page.
has() {
  local page=$1; shift
  local text; text=$(render "$page" 2>/dev/null)
  while read -r opt; do
    grep -qF -- "$opt" <<<"$text" || { echo "$page: no $opt (in --help)"; status=1; }
  done < <(printf '%s\n' "$@" | options)
}
has "$dir/devcheck.1" "$("$devcheck" --help 2>&1)"
has "$dir/devtrace.1" "$("$devtrace" --help 2>&1)" "$("$devtrace" run --help 2>&1)" \
    "$("$devtrace" report --help 2>&1)" "$("$devtrace" merge --help 2>&1)"
# Every variable the shim reads is in libdevtrace(7).
for v in DEVTRACE_DB DEVTRACE_EVENTS DEVTRACE_EVENTS_WAIT DEVTRACE_PRINT DEVTRACE_SESSION \
         DEVTRACE_LIB DT_DEVICE CUDA_INJECTION64_PATH; do
  render "$dir/libdevtrace.7" 2>/dev/null | grep -qw "$v" || { echo "libdevtrace.7: no $v"; status=1; }
done
[ $status = 0 ] && echo "man pages: rendered clean, every option and variable named"
exit $status
