#!/usr/bin/env bash
# Each folder is one part with one header that says its job and lists its
# files (docs/design.md): every .c and .cu file of the folder is named in
# the header's first comment.  A file added and not listed fails here.
#
#   check_headers.sh SOURCE_DIR
set -u
cd "$1" || exit 2
status=0
for pair in analyzer:analyzer/devcheck.h shim:shim/devtrace.h report:report/report.h \
            runtime:runtime/internal.h runtime/sim:runtime/sim/sim.h common:common/common.h \
            kernels:kernels/kernels.h; do
    dir=${pair%%:*} header=${pair#*:}
    listed=$(sed -n '1,/\*\//p' "$header")
    for file in "$dir"/*.c "$dir"/*.cu; do
        [ -e "$file" ] || continue
        name=${file##*/}
        if ! grep -qwF -- "$name" <<<"$listed"; then
            echo "$header does not list $name"
            status=1
        fi
    done
done
[ $status = 0 ] && echo "every folder's header lists its files"
exit $status
