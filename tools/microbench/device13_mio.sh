#!/usr/bin/env bash
# mio helper, session 10 (issue 13): one device call per GPU. MBROOT (first
# argument) holds tools/microbench, tools/record and validation/microbench
# with only these directories, their cycles.json / clock_runs.json removed:
# shflq12_* (smemld's SHFL-behind-shared-traffic family: the H100's first
# recording), shflq13_* and redux13_* (gen13_mio.py), smem_ld128_s1_tput
# (again: its straggler warp). device.sh compiles (nvcc -> PTX, ptxas,
# cuobjdump), runs (mb.py run --runs 5) and measures them (ncu x3,
# interleaved). Then smem_ld128_s1_tput runs REPEAT more times (mb.py run
# --runs 5 each, a fresh process each time) into $OUT/s1_runs.tgz.
# Results: $OUT/mb.tgz, build.tgz (device.sh), s1_runs.tgz.
set -u
MB=$1
BUDGET_S=${BUDGET_S:-200} RUN_TIMEOUT=60 NCU_TIMEOUT=120 bash $MB/tools/microbench/device.sh $MB
S1=$MB/validation/microbench/smem_ld128_s1_tput
R=/tmp/s1runs; rm -rf $R; mkdir -p $R
for i in $(seq 1 ${REPEAT:-4}); do
  timeout 30 python3 $MB/tools/microbench/mb.py run --runs 5 $S1 > /dev/null 2>&1
  cp $S1/clock_runs.json $R/clock_runs_$i.json 2>/dev/null
done
(cd $R && tar czf $OUT/s1_runs.tgz .)
ls -la $OUT
