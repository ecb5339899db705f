#!/usr/bin/env bash
# helper part1 (session 14): record gen17_part1.py's directories (mbwait14_t*, atom17_*) on one GPU.
# MBROOT (first argument) holds tools/microbench, tools/record and validation/microbench with only
# those directories. device.sh compiles (nvcc -ptx, ptxas -v, cuobjdump SASS), runs mb.py run --runs 5
# and ncu x3 (cycles.json). Also dumps the SASS of mbwait_test's and atom7's recorded PTX for comparison.
# Results: $OUT/mb.tgz, $OUT/build.tgz (device.sh), $OUT/sass17.tgz.
set -u
MB=$1; R=$(pwd); S=/tmp/sass17; rm -rf $S; mkdir -p $S
T0=$(date +%s)
for d in mbwait_test atom7_const_dead_w32 atom7_lane_dead_w32 atom7_const_used_w32; do
  p=$R/validation/microbench/$d/kernel.ptx; [ -f $p ] || { zcat $p.gz > $S/$d.ptx; p=$S/$d.ptx; }
  ptxas -arch=sm_90a -v -o $S/$d.cubin $p > $S/$d.ptxas.txt 2>&1 && cuobjdump --dump-sass $S/$d.cubin > $S/$d.sass 2>&1; rm -f $S/$d.cubin
done
echo "sass done $(( $(date +%s) - T0 ))s"
BUDGET_S=200 RUN_TIMEOUT=60 NCU_TIMEOUT=100 bash $MB/tools/microbench/device.sh $MB 2>&1 | tail -30
(cd /tmp && tar czf $OUT/sass17.tgz sass17)
echo "all done $(( $(date +%s) - T0 ))s"; ls -la $OUT
