#!/usr/bin/env bash
# atom helper, session 8: one device call per GPU (H200, then H100) for
# gen11_atom.py's directories (warp11_*, atom11_*; atom7_const_dead_w1 again
# as a same-call reference, not stored). MBROOT (first argument) holds
# tools/microbench, tools/record and validation/microbench with only those
# directories (a copy carried to the device): device.sh compiles, runs
# (mb.py run --runs 5) and measures them (ncu x3, interleaved) with the
# stall and pipe metrics below added to its cycle metrics.
# Results: $OUT/mb.tgz, build.tgz (device.sh).
set -u
MB=$1
S=smsp__average_warps_issue_stalled
P=smsp__inst_executed_pipe
export METRICS=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,${S}_math_pipe_throttle_per_issue_active.ratio,${S}_short_scoreboard_per_issue_active.ratio,${S}_mio_throttle_per_issue_active.ratio,${S}_wait_per_issue_active.ratio,${S}_not_selected_per_issue_active.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,${P}_alu.sum,${P}_fmaheavy.sum,${P}_uniform.sum,${P}_lsu.sum
BUDGET_S=${BUDGET_S:-150} RUN_TIMEOUT=60 bash $MB/tools/microbench/device.sh $MB
ls -la $OUT
