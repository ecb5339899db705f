#!/usr/bin/env bash
# core helper, session 5: one device call per GPU for gen7_core.py's
# directories (atom7_*, idivtput_*_w32, itmix_*_w4/_w32). MBROOT (first
# argument) holds tools/microbench, tools/record and validation/microbench
# with only those directories (a copy carried to the device): device.sh
# compiles, runs (mb.py run --runs 5) and measures them (ncu x3, interleaved)
# with the stall and pipe metrics below added to its cycle metrics; then the
# SASS of int_hash (validation/testdata of the repo the command runs in) for
# its instruction mix. Results: $OUT/mb.tgz, build.tgz (device.sh), sass7.tgz.
set -u
MB=$1
S=smsp__average_warps_issue_stalled
export METRICS=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,${S}_dispatch_stall_per_issue_active.ratio,${S}_math_pipe_throttle_per_issue_active.ratio,${S}_not_selected_per_issue_active.ratio,${S}_short_scoreboard_per_issue_active.ratio,${S}_wait_per_issue_active.ratio,${S}_mio_throttle_per_issue_active.ratio,${S}_lg_throttle_per_issue_active.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_fmaheavy.sum,smsp__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,smsp__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active
BUDGET_S=${BUDGET_S:-200} RUN_TIMEOUT=60 bash $MB/tools/microbench/device.sh $MB
W=/tmp/sass7; rm -rf $W; mkdir -p $W
for d in validation/testdata/int_hash; do
  n=$(basename $d)
  ptxas -arch=sm_90a -v -o $W/$n.cubin $d/kernel.ptx > $W/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $W/$n.cubin > $W/$n.sass 2>&1
  rm -f $W/$n.cubin
done
(cd $W && tar czf $OUT/sass7.tgz .)
ls -la $OUT
