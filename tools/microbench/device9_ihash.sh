#!/usr/bin/env bash
# ihash helper, session 7: one device call per GPU. MBROOT (first argument)
# holds tools/microbench, tools/record and validation/microbench with only
# gen9_ihash.py's directories (a copy carried to the device): device.sh
# compiles, runs (mb.py run --runs 5) and measures them (ncu x3, interleaved)
# with the pipe and stall metrics below added to its cycle metrics. With
# EVID=1 (the H200 call) also one ncu launch of int_hash (validation/testdata
# of the repo the command runs in) with the same metrics, for its pipe split
# and stall reasons (diagnosis only: int_hash is an evidence launch).
# Results: $OUT/mb.tgz, build.tgz (device.sh), ihash_ncu.csv.
set -u
MB=$1
S=smsp__average_warps_issue_stalled
P=smsp__inst_executed_pipe
export METRICS=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,${S}_dispatch_stall_per_issue_active.ratio,${S}_math_pipe_throttle_per_issue_active.ratio,${S}_not_selected_per_issue_active.ratio,${S}_short_scoreboard_per_issue_active.ratio,${S}_wait_per_issue_active.ratio,${S}_selected_per_issue_active.ratio,${S}_branch_resolving_per_issue_active.ratio,${S}_no_instruction_per_issue_active.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,${P}_alu.sum,${P}_fmaheavy.sum,${P}_fmalite.sum,${P}_xu.sum,${P}_cbu.sum,${P}_uniform.sum,${P}_adu.sum,smsp__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,smsp__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,smsp__pipe_xu_cycles_active.avg.pct_of_peak_sustained_active,smsp__warps_active.avg.per_cycle_active,smsp__warps_eligible.avg.per_cycle_active
BUDGET_S=${BUDGET_S:-200} RUN_TIMEOUT=60 bash $MB/tools/microbench/device.sh $MB
if [ "${EVID:-0}" = 1 ]; then
  timeout 120 ncu --clock-control none --print-units base --csv --metrics $METRICS \
    python3 tools/record/record.py once validation/testdata/int_hash > $OUT/ihash_ncu.csv 2>&1
  echo "int_hash ncu rc=$?"; tail -3 $OUT/ihash_ncu.csv
fi
ls -la $OUT
