#!/usr/bin/env bash
# flush helper, session 8: one device call per GPU. MBROOT (first argument)
# holds tools/microbench, tools/record, validation/microbench with only the
# new flushj_*/flushs_* directories, and old/ with copies of recorded
# directories re-measured for diagnosis. device.sh compiles, runs (mb.py run x5)
# and measures the new ones (ncu x3, caches flushed: cycles.json); then two ncu
# passes over new + old directories (x3 each), with `--cache-control all` and
# `--cache-control none`, keep each profiled launch's clk outputs (mb.py once
# --dump). Results: $OUT/mb.tgz, build.tgz (device.sh), flushcmp.tgz.
set -u
MB=$1
BUDGET_S=${BUDGET_S:-300} RUN_TIMEOUT=60 NCU_TIMEOUT=120 bash $MB/tools/microbench/device.sh $MB
D=/tmp/flushcmp; rm -rf $D; mkdir -p $D
NEW=(); for d in $MB/validation/microbench/*/; do NEW+=("${d%/}"); done
OLD=(); for d in $MB/old/*/; do OLD+=("${d%/}"); done
L=(); for r in 1 2 3; do L+=("${NEW[@]}" "${OLD[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/host.txt
M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
for cc in all none; do
  timeout 150 ncu --clock-control none --cache-control $cc --print-units base --csv --metrics $M \
    --log-file $D/ncu_$cc.csv python3 $MB/tools/microbench/mb.py once --order $D/order_$cc.txt --dump $D/dump_$cc.jsonl "${L[@]}" > $D/log_$cc.txt 2>&1
  echo "pass $cc rc=$? launches=$(wc -l < $D/order_$cc.txt)"
done
(cd $D && tar czf $OUT/flushcmp.tgz .)
ls -la $OUT
