#!/usr/bin/env bash
# icap (session 29): one device call for gen29_icway.py's probe, from the repo root, carry [".devbuild/icap"]:
# SASS of the icway kernels and of icgap_g1/g8's recorded PTX (ptxas + cuobjdump), mb.py run --runs 5 per
# icway directory (clk of every run), one ncu launch for the SM clock. Everything lands in $OUT/icway.tgz.
set -u
H=.devbuild/icap; D=/tmp/iw29; R=$OUT/r; rm -rf $D; mkdir -p $D $R
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
pack() { (cd $R && tar czf $OUT/icway.tgz .); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $R/nvidia_smi.txt 2>&1
cat $R/nvidia_smi.txt
cp -r $H/icway_* $D/
for p in $H/sass/*.ptx $D/icway_*/kernel.ptx; do
  n=$(basename $(dirname $p)); [ "$n" = sass ] && n=$(basename $p .ptx)
  ( timeout 40 ptxas -arch=sm_90a -o /tmp/$n.cubin $p && cuobjdump --dump-sass /tmp/$n.cubin > $R/$n.sass 2>&1 ) &
done; wait
for s in $R/icway_*.sass; do echo "$(basename $s .sass) $(grep -c FFMA $s) FFMA, BRA at $(grep -E ' BRA ' $s | grep -oE '/\*[0-9a-f]{4}\*/' | head -20 | tr '\n' ' ')" ; done | tee $R/sizes.txt
pack; stamp "runs"
for d in $D/icway_*; do n=$(basename $d)
  timeout 20 python3 tools/microbench/mb.py run --runs 5 $d >> $R/run.log 2>&1
  echo "$n $(python3 -c "import json;print([x['clk'] for x in json.load(open('$d/clock_runs.json'))['outputs']])" 2>&1)" | tee -a $R/clk.txt
done
pack; stamp "ncu"
timeout 60 ncu --clock-control none --cache-control all --print-units base --csv --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second \
  python3 tools/microbench/mb.py once --order $R/order.txt --dump $R/ncu_dump.jsonl $D/icway_s8_n4 $D/icway_s8_n5 > $R/ncu.csv 2>&1
tail -8 $R/ncu.csv
pack; stamp done
