#!/usr/bin/env bash
# Records the async-copy / matrix-load corpus directories on the GPU (one device call):
#   tools/record/record_async.sh [name ...]   (default: every tma_* mbar_* cpasync_* ldsm_* stsm_* dir)
# Regenerates kernel.cu/launch.yaml with gen_async.py only when GEN=1. With $OUT set, record_all.sh
# tars the corpus and build logs into $OUT, and this script adds $OUT/async.log.
set -u
cd "$(dirname "$0")/../.."
TD=validation/testdata
[ "${GEN:-0}" = 1 ] && python3 tools/record/gen_async.py "$TD"
if [ $# -gt 0 ]; then NAMES=("$@"); else
    NAMES=()
    for d in "$TD"/tma_*/ "$TD"/mbar_*/ "$TD"/cpasync_*/ "$TD"/ldsm_*/ "$TD"/stsm_*/; do
        [ -f "$d/kernel.cu" ] || [ -f "$d/kernel.cu.gz" ] || [ -f "$d/kernel.cu.link" ] && NAMES+=("$(basename "$d")")
    done
fi
export RECORD_ISOLATE=1
{
    tools/record/record_all.sh "${NAMES[@]}"
    echo "=== ncu metrics mentioning ldsm/stsm/ldgsts/gmma"
    cat "${RECORD_BUILD:-/tmp/record_build}/env/ncu_query_async.txt" 2>/dev/null | head -60
} 2>&1 | tee "${OUT:-/tmp}/async.log"
