#!/usr/bin/env bash
# Records the sparse tensor-core corpus (validation/testdata/sp_*: mma.sp, mma.sp::ordered_metadata,
# wgmma.mma_async.sp, mma.m8n8k4 .f16) in one device call:
#   tools/record/record_sparse.sh [name ...]        (default: every validation/testdata/sp_*/kernel.cu)
# 1. record_all.sh with RECORD_ISOLATE=1 (one process per directory) and the async metric list,
#    which holds smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum (a copy of
#    record_all.sh whose ASYNC_RE also matches sp_), under a time limit (SP_LIMIT seconds);
# 2. the tensor-core SASS of each kernel (HGMMA/HMMA/IMMA lines) and the ptxas messages;
# 3. with $OUT set: $OUT/sp.log, $OUT/sp_corpus.tgz (the sp_* directories), $OUT/sp_build.tgz
#    (logs, cubins, SASS).
# The kernels are written by tools/record/gen_sparse.py (run it first when they change).
# Runs (2026-11-21, H200, driver 580.159.04, nvcc 13.0.88): all 13 directories in 27 s of wall time
# (sp_mma_m8n8k4_mix failed: ptxas rejects an f16 D with an f32 C for m8n8k4), then
# `record_sparse.sh sp_wgmma_f16 sp_wgmma_bf16 sp_wgmma_tf32 sp_wgmma_e4m3 sp_wgmma_s8 sp_mma_m8n8k4_mix`
# in 22 s after the wgmma kernels moved wgmma.fence into the wgmma's asm statement (nvcc had put
# accumulator moves between a separate fence and the wgmma, which the hazard checker rightly
# reports). Two runs equal everywhere; the simulator matches every output (README.md of the corpus).
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1
TD=validation/testdata
B=${RECORD_BUILD:-/tmp/rb_sparse}
O=${OUT:-/tmp/rb_sparse_out}
mkdir -p "$O"
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
if [ $# -gt 0 ]; then NAMES=("$@"); else
    NAMES=()
    for d in "$TD"/sp_*/; do [ -f "$d/kernel.cu" ] && NAMES+=("$(basename "$d")"); done
fi
{
stamp "sparse corpus: ${NAMES[*]}"
S=tools/record/.record_all_sp.sh
sed "s/^ASYNC_RE=.*/ASYNC_RE='^(tma|mbar|cpasync|ldsm|stsm|sp)_'/" tools/record/record_all.sh > "$S"
chmod +x "$S"
grep -n '^ASYNC_RE=' "$S"
RECORD_ISOLATE=1 RECORD_TIMEOUT=60 RECORD_BUILD=$B OUT= timeout "${SP_LIMIT:-400}" "$S" "${NAMES[@]}"
echo "record_all exit $?"
rm -f "$S"

stamp "tensor-core SASS per kernel"
for n in "${NAMES[@]}"; do
    echo "--- $n: $(cat "$B/$n/status" 2>/dev/null)"
    grep -E 'warning|error' "$B/$n/ptxas.log" 2>/dev/null | head -5
    grep -E 'Used|spill' "$B/$n/ptxas.log" 2>/dev/null | head -3
    grep -oE '(HGMMA|HMMA|IMMA|QGMMA|IGMMA|GMMA)[.A-Za-z0-9_]*' "$B/$n/sass.txt" 2>/dev/null | sort | uniq -c
    grep -oE '^\s+/\*[0-9a-f]+\*/\s+[A-Z][A-Z0-9.]*' "$B/$n/sass.txt" 2>/dev/null | awk '{print $2}' | sed 's/\..*//' | sort | uniq -c | sort -rn | head -12 | tr '\n' ' '
    echo
    ls "$TD/$n/gpu" 2>/dev/null | tr '\n' ' '; echo
    [ -f "$B/run_errors/$n.run_error.txt" ] && echo "RUN ERROR: $(head -c 600 "$B/run_errors/$n.run_error.txt")"
done
stamp "pack"
} 2>&1 | tee "$O/sp.log"
DIRS=()
for n in "${NAMES[@]}"; do DIRS+=("$TD/$n"); done
tar czf "$O/sp_corpus.tgz" "${DIRS[@]}"
tar czf "$O/sp_build.tgz" -C "$(dirname "$B")" "$(basename "$B")"
ls -la "$O"
