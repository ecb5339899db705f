#!/usr/bin/env bash
# cp.async.cg factor probe (2026-11-25):   tools/record/record_probe2.sh
# Builds tools/record/cpasync_probe2.cu (nvcc -arch=sm_90a -O3, plus its PTX, -arch=compute_90a, for the JIT cases), the
# corpus kernels cpasync_cg_{ramp,sz0,half,tail_w4,sz16,gstride_sz16} and cpasync_pipeline from their
# committed kernel.ptx (copied as is for the driver JIT, and through ptxas -arch=sm_90a), runs the probe
# once plainly, then under ncu (--clock-control none, one profiled launch per case, in batches with
# --launch-skip/--launch-count so a timeout keeps the earlier batches), and prints
# tools/record/probe2_table.py's table. With $OUT set: probe2.log (everything printed), list.txt,
# ncu_<skip>.csv, sass.txt (the probe binary and the corpus cubins), env.txt (nvidia-smi -q, versions).
# Results: tools/record/ASYNC_FINDINGS.md, "cp.async.cg factor probe".
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1
TD=validation/testdata
O=${OUT:-/tmp/probe2_out}
B=/tmp/probe2
BUDGET=${PROBE2_BUDGET:-380}   # seconds for the ncu batches
BATCH=${PROBE2_BATCH:-48}
CORPUS=(cpasync_cg_ramp cpasync_cg_sz0 cpasync_cg_half cpasync_cg_tail_w4 cpasync_cg_sz16 cpasync_cg_gstride_sz16
        cpasync_pipeline)
M="smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum,\
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,\
sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass.sum,\
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts_cache_bypass.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,\
smsp__sass_inst_executed_op_ldgsts.sum"
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
stamp() { echo "=== [$(el)s] $*"; }
mkdir -p "$O"
{
rm -rf "$B"; mkdir -p "$B/corpus"
{ nvidia-smi -q | head -40; echo; nvcc --version; echo; ptxas --version; echo; ncu --version; } > "$O/env.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
grep -E 'Release|Version' "$O/env.txt" | grep -v 'VBIOS\|Image' | head -8
stamp "build"
( nvcc -arch=sm_90a -O3 -o "$B/probe2" tools/record/cpasync_probe2.cu -lcuda > "$B/build.txt" 2>&1 ) &
( nvcc -ptx -arch=compute_90a -O3 -o "$B/probe2.ptx" tools/record/cpasync_probe2.cu > "$B/build_ptx.txt" 2>&1 ) &
for n in "${CORPUS[@]}"; do
    cp "$TD/$n/kernel.ptx" "$B/corpus/$n.ptx"
    ( ptxas -arch=sm_90a -o "$B/corpus/$n.cubin" "$B/corpus/$n.ptx" > "$B/corpus/$n.log" 2>&1 ) &
done
wait
cat "$B/build.txt" "$B/build_ptx.txt" "$B"/corpus/*.log | grep -v '^$' | head -30
grep -m1 '^\.target' "$B/probe2.ptx"
{
    echo "##### probe2 (nvcc -arch=sm_90a -O3)"; cuobjdump --dump-sass "$B/probe2"
    for n in "${CORPUS[@]}"; do echo "##### $n.cubin (ptxas -arch=sm_90a)"; cuobjdump --dump-sass "$B/corpus/$n.cubin"; done
} > "$O/sass.txt" 2>&1
echo "LDGSTS in the SASS:"
grep -E 'Function|LDGSTS' "$O/sass.txt" | sed 's#/\* 0x[0-9a-f]* \*/##' | tr -s ' ' | head -40
stamp "plain run"
timeout 60 "$B/probe2" "$B/list_plain.txt" "$B"; echo "rc=$?"
grep -vc ' ok$' "$B/list_plain.txt"
head -1 "$B/list_plain.txt"
N=$(grep -c '^[0-9]' "$B/list_plain.txt")
stamp "ncu, $N launches in batches of $BATCH"
CSVS=()
for ((s = 0; s < N; s += BATCH)); do
    left=$(( BUDGET - $(el) ))
    if [ "$left" -lt 30 ]; then echo "no time left for the batch at $s"; break; fi
    timeout "$left" ncu --clock-control none --print-units base --csv --log-file "$O/ncu_$s.csv" \
        --launch-skip "$s" --launch-count "$BATCH" --metrics "$M" \
        "$B/probe2" "$O/list.txt" "$B" > "$B/ncu_$s.txt" 2>&1
    echo "batch $s: ncu rc=$? rows=$(grep -c '^"[0-9]' "$O/ncu_$s.csv" 2>/dev/null) [$(el)s]"
    tail -3 "$B/ncu_$s.txt"
    CSVS+=("$O/ncu_$s.csv@$s")
done
stamp "table"
python3 tools/record/probe2_table.py "$O/list.txt" "${CSVS[@]}"
stamp done
} 2>&1 | tee "$O/probe2.log"
