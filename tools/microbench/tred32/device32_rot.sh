#!/usr/bin/env bash
# lane tred (session 32), call 2: tph_redops_rot with split issue stamps (rotf), without the tensormap
# fence (rotn), with the descriptors' lines read in the load phase (rotw). Cold: ncu --cache-control all
# (mb.py run --runs 3: clock_runs_cold.json); warm: mb.py run --runs 5. $OUT/rot.tgz, $OUT/sass.txt
set -u
MB=$(pwd); S=$MB/.devbuild/tred; D=/tmp/r32; rm -rf $D; mkdir -p $D; T0=$(date +%s)
export PYTHONUNBUFFERED=1
for n in rotf rotn rotw; do cp -r $S/$n $D/; nvcc -ptx -arch=sm_90a -O3 -o $D/$n/kernel.ptx $D/$n/kernel.cu || exit 1; done
ptxas -arch=sm_90a -v -o /tmp/f.cubin $D/rotf/kernel.ptx > $OUT/sass.txt 2>&1; cuobjdump --dump-sass /tmp/f.cubin >> $OUT/sass.txt 2>&1
echo "built $(( $(date +%s)-T0 )) s"
mkdir -p $D/cold; for n in rotf rotn rotw; do cp -r $D/$n $D/cold/; done
timeout 120 ncu --clock-control none --cache-control all --print-units base --csv --log-file $OUT/ncu_cold.csv \
  --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second python3 $MB/tools/microbench/mb.py run --runs 3 $D/cold/rotf $D/cold/rotn $D/cold/rotw > $OUT/cold.log 2>&1
echo "cold rc=$? $(( $(date +%s)-T0 )) s"
for n in rotf rotn rotw; do cp $D/cold/$n/clock_runs.json $D/$n/clock_runs_cold.json; done
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 $D/rotf $D/rotn $D/rotw > $OUT/warm.log 2>&1
echo "warm rc=$? $(( $(date +%s)-T0 )) s"
(cd $D && tar czf $OUT/rot.tgz rotf rotn rotw)
grep -c per_second $OUT/ncu_cold.csv; tail -3 $OUT/cold.log $OUT/warm.log | cut -c1-300
