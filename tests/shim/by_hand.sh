#!/usr/bin/env bash
# The shim preloaded by hand (README, docs/devtrace.md): a run that made
# findings says one line on stderr as its process exits, nothing on stdout;
# a clean run says nothing; an image that ends in an exec says nothing
# (the new image is a run of its own); a forked child says its own run's;
# under devtrace run only devtrace's line is said.  And `devtrace --lib`
# names the shim beside devtrace, in the build tree and in an install.
#   by_hand.sh DEVTRACE PRELOAD BUILD_DIR FINDINGS CLEAN EXEC FORK
#   (FINDINGS makes two memcpy_direction errors, CLEAN none, EXEC findings
#   then an exec of a clean image, FORK one error in each of two processes)
set -u
devtrace=$1 build=$3 findings=$4 clean=$5 exec_after=$6 forks=$7
preload=${2%:*} shim=${2##*:}
[ "$preload" = "$2" ] && preload=
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
failed=0
fail() { echo "FAIL $*"; failed=1; }
by_hand() {
  rm -f devtrace.db
  env --unset=DT_DEVICE --unset=DEVTRACE_DB --unset=DEVTRACE_PRINT DT_SIM_QUIET=1 \
    LD_PRELOAD="${preload:+$preload:}$shim" ASAN_OPTIONS=verify_asan_link_order=0 \
    "$@" >out 2>err
}
said() { grep -c "^devtrace: " err; }
# line ERRORS: the summary of a run that made ERRORS errors, its pid \1
line() {
  echo "^devtrace: $1 and 0 warnings in this run \(pid ([0-9]+)\); see them with: devtrace report $dir/devtrace\.db findings$"
}

by_hand "$findings"
if [ "$(said)" != 1 ] || ! grep -Eq "$(line '2 errors')" err || grep -q devtrace out; then
  fail "findings by hand: stderr $(cat err), stdout $(grep devtrace out)"
fi
by_hand "$clean"
[ "$(said)" = 0 ] || fail "a clean run said: $(cat err)"
by_hand "$exec_after"
[ "$(said)" = 0 ] || fail "an image that exec'd said: $(cat err)"
by_hand "$forks"
pids=$(sed -En "s|$(line '1 error')|\1|p" err | sort -u | wc -l)
[ "$(said)" = 2 ] && [ "$pids" = 2 ] || fail "a fork's two runs: $(cat err)"

env --unset=DT_DEVICE DT_SIM_QUIET=1 LD_PRELOAD="$preload" DEVTRACE_LIB="$shim" \
  ASAN_OPTIONS=verify_asan_link_order=0 "$devtrace" run -- "$findings" >out 2>err
if grep -q "in this run" err || ! grep -q "^devtrace: 2 errors and 0 warnings in 1 run" err; then
  fail "under devtrace run: $(cat err)"
fi

lib=$(env --unset=DEVTRACE_LIB "$devtrace" --lib)
[ "$lib" = "$(realpath "$shim")" ] || fail "devtrace --lib in the build: $lib, not $shim"
cmake --install "$build" --prefix "$dir/usr/local" >/dev/null || fail "cmake --install"
lib=$(env --unset=DEVTRACE_LIB ASAN_OPTIONS=verify_asan_link_order=0 \
  "$dir/usr/local/bin/devtrace" --lib)
case $lib in
  "$dir"/usr/local/lib*/libdevtrace.so) [ -f "$lib" ] || fail "devtrace --lib: $lib is not there" ;;
  *) fail "devtrace --lib installed: $lib" ;;
esac
exit $failed
