#!/usr/bin/env bash
# atomu helper, session 12 (issue 13): the device calls of gen15_atomu.py. MBROOT (first argument) holds
# tools/microbench (mb.py, device.sh), tools/record (record.py, gzcompat.py, tmap_enums.c) and
# validation/microbench with only the atom15_* / redux15_* directories, carried to the device. On the H200
# (nvidia-h200) it also dumps the SASS of the recorded atom7/atom11/redux13/warp11 PTX (ptxas -arch=sm_90a,
# cuobjdump: tools/microbench/atom15_sass.txt) and runs one extra ncu pass with every pipe counter, stall
# reason and MIO counter on a few directories (H200 only); on the H100 (nvidia-h100-x1, H100=1) only device.sh.
# Results: $OUT/mb.tgz, build.tgz (device.sh), sass.tgz.
set -u
MB=$1; R=$(pwd)
S=/tmp/sass; rm -rf $S; mkdir -p $S
T0=$(date +%s)
if [ -z "${H100:-}" ]; then
for d in atom7_const_dead_w1 atom7_const_used_w1 atom7_param_dead_w1 atom7_param_used_w1 atom7_lane_dead_w1 atom7_lane_used_w1 atom11_dist_dead_w1 atom11_lanes_dead_w1 redux13_tput_w1 redux13_chain warp11_scan_chain warp11_vote_w1 warp11_vote_chain warp11_shfl_atom_w1 warp11_shfl_vote_w1 atom_shared_same_tput atom_shared_distinct_tput; do
  p=$R/validation/microbench/$d/kernel.ptx
  ( ptxas -arch=sm_90a -v -o $S/$d.cubin $p > $S/$d.ptxas.txt 2>&1 && cuobjdump --dump-sass $S/$d.cubin > $S/$d.sass 2>&1; rm -f $S/$d.cubin ) &
done
wait
echo "sass done $(( $(date +%s) - T0 ))s"; ls $S | wc -l
fi
SM=smsp__average_warps_issue_stalled
P=smsp__inst_executed_pipe
export METRICS=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,${SM}_math_pipe_throttle_per_issue_active.ratio,${SM}_short_scoreboard_per_issue_active.ratio,${SM}_mio_throttle_per_issue_active.ratio,${SM}_wait_per_issue_active.ratio,${SM}_not_selected_per_issue_active.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,${P}_alu.sum,${P}_fmaheavy.sum,${P}_uniform.sum,${P}_lsu.sum
BUDGET_S=150 RUN_TIMEOUT=60 NCU_TIMEOUT=100 bash $MB/tools/microbench/device.sh $MB 2>&1 | tail -40
for d in $MB/validation/microbench/*/; do n=$(basename $d); ptxas -arch=sm_90a -o /tmp/x.cubin $d/kernel.ptx 2>/dev/null && cuobjdump --dump-sass /tmp/x.cubin > $S/new_$n.sass 2>&1; done
echo "device.sh done $(( $(date +%s) - T0 ))s"
[ -n "${H100:-}" ] && { ls -la $OUT; exit 0; }
E=/tmp/ncux; rm -rf $E; mkdir -p $E
ncu --query-metrics --chip gh100 > $E/query.txt 2>&1
PIPES=$(grep -o "^${P}_[a-z0-9_]*" $E/query.txt | sort -u | sed 's/$/.sum/' | paste -sd, -)
STALLS=$(grep -o "^${SM}_[a-z0-9_]*_per_issue_active" $E/query.txt | sort -u | sed 's/$/.ratio/' | paste -sd, -)
MIO=$(grep -o "^smsp__mio[a-z0-9_]*\|^smsp__inst_executed_op_[a-z0-9_]*" $E/query.txt | sort -u | sed 's/$/.sum/' | paste -sd, -)
DIRS="$R/validation/microbench/redux13_tput_w1 $R/validation/microbench/redux13_tput_w32 $R/validation/microbench/atom7_const_dead_w32 $R/validation/microbench/atom11_lanes_dead_w32 $R/validation/microbench/atom7_const_used_w32 $MB/validation/microbench/atom15_mixr_w32 $MB/validation/microbench/atom15_mixs_w32"
i=0
for M in "$PIPES" "$STALLS" "$MIO"; do
  i=$((i+1)); [ -z "$M" ] && continue
  timeout 60 ncu --clock-control none --print-units base --csv --log-file $E/extra$i.csv --metrics sm__cycles_elapsed.max,$M python3 $MB/tools/microbench/mb.py once --order $E/order$i.txt $DIRS > $E/extra$i.log 2>&1
  echo "extra ncu $i rc=$? $(( $(date +%s) - T0 ))s"
done
(cd /tmp && tar czf $OUT/sass.tgz sass ncux)
ls -la $OUT
