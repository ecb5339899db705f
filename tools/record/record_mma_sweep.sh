#!/usr/bin/env bash
# Records the tensor-core sweep corpus (validation/testdata/wg_* and mma_*, written by
# tools/record/gen_mma_sweep.py) in one device call, run from the repo root:
#   tools/record/record_mma_sweep.sh
# 1. record_all.sh (RECORD_ISOLATE=1) on every wg_*/mma_* directory: nvcc -> PTX, ptxas -v, SASS,
#    two runs each, ncu counters (incl. op_gmma wavefronts); whole outputs kept in /tmp/sweep_full;
# 2. check_mma_sweep.py: twin CTAs (same inputs, other layout/swizzle/majorness/SS-RS) agree;
# 3. with $OUT set: $OUT/sweep.log, $OUT/sweep_corpus.tgz (the directories), $OUT/sweep_build.tgz.
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1
O=${OUT:-/tmp}
B=/tmp/rb_sweep
NAMES=(${SWEEP_NAMES:-$(ls -d validation/testdata/wg_* validation/testdata/mma_* | xargs -n1 basename)})
{
RECORD_FULL_DIR=/tmp/sweep_full RECORD_ISOLATE=1 RECORD_TIMEOUT=120 RECORD_BUILD=$B OUT= \
    timeout "${SWEEP_TIMEOUT:-470}" tools/record/record_all.sh "${NAMES[@]}"
echo "record_all exit $?"
python3 tools/record/check_mma_sweep.py /tmp/sweep_full validation/testdata/wg_*
for n in "${NAMES[@]}"; do
    printf '%-22s ptx %9s B | %s\n' "$n" "$(stat -c %s validation/testdata/$n/kernel.ptx 2>/dev/null)" \
        "$(grep -E 'Used|warn' $B/$n/ptxas.log 2>/dev/null | tr -s ' ' | tr '\n' ' ' | cut -c1-160)"
done
} > "$O/sweep.log" 2>&1
if [ -n "${OUT:-}" ]; then
    tar czf "$OUT/sweep_corpus.tgz" $(for n in "${NAMES[@]}"; do echo validation/testdata/$n; done)
    tar czf "$OUT/sweep_build.tgz" --exclude='*.cubin' -C "$B" .
    ls -la "$OUT"
fi
