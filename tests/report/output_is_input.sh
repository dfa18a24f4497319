#!/usr/bin/env bash
# devtrace's -o naming one of the files the command reads, by its name, a
# symbolic link or a hard link: refused with exit 2 and the file unchanged
# (it was truncated to 0 bytes), as merge's OUT among its INs is.
#   output_is_input.sh DEVTRACE REPORT SARIF SUPPRESSIONS
set -u
devtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$2" "$dir/r.db"
cp "$2" "$dir/r2.db"
cp "$3" "$dir/s.sarif"
cp "$4" "$dir/sup.txt"
ln -s r.db "$dir/link.db"
ln "$dir/r.db" "$dir/hard.db"
cp "$dir/r.db" "$dir/r.copy"
failed=0

# refused WHAT FILE ARGS...: devtrace ARGS must refuse with exit 2, naming
# FILE, and leave FILE as it was.
refused() {
  local what=$1 file=$2
  shift 2
  cp "$dir/$file" "$dir/before"
  local err status
  err=$("$devtrace" "$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" != 2 ] || ! grep -q "$file: the output cannot also be an input" <<<"$err"; then
    echo "FAIL $what: exit $status, said: $err"
    failed=1
  elif ! cmp -s "$dir/before" "$dir/$file"; then
    echo "FAIL $what: $file was written"
    failed=1
  fi
}

cd "$dir" || exit 1
refused "-o the report" r.db report r.db --format html -o r.db
refused "--output the report" r.db report r.db summary --output r.db
refused "-o a link to it" r.db report r.db --format html -o link.db
refused "-o a hard link to it" r.db report r.db --format json -o hard.db
refused "-o the SARIF" s.sarif report r.db --static s.sarif --format sarif -o s.sarif
refused "-o the suppressions" sup.txt report r.db --suppressions sup.txt -o sup.txt
refused "-o the second report" r2.db report r.db r2.db --static s.sarif -o r2.db
refused "merge's OUT by a link" r.db merge link.db r.db
cmp -s r.db r.copy || { echo "FAIL: the report changed"; failed=1; }

# An output that is no input is written.
"$devtrace" report r.db --format html -o out.html && [ -s out.html ] \
  || { echo "FAIL: -o out.html"; failed=1; }
exit $failed
