#!/usr/bin/env bash
# Session 20 (lead): re-run the microbench dirs whose committed clock_runs.h100.json equals clock_runs.json byte for byte.
set -u
# Run from the repo root on the device; list: tools/microbench/h100ident22.txt (one directory a line).
# Results: $OUT/chk.tgz (each directory's new clock_runs.json), $OUT/run.log, $OUT/env.txt.
MB=$(pwd); D=/tmp/chk; rm -rf $D; mkdir -p $D
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
L=(); while read n; do cp -rL $MB/validation/microbench/$n $D/ && rm -f $D/$n/clock_runs*.json* && L+=($D/$n); done < $MB/tools/microbench/h100ident22.txt
echo "dirs ${#L[@]}"
T0=$(date +%s)
timeout 300 python3 $MB/tools/microbench/mb.py run --runs 5 "${L[@]}" > $OUT/run.log 2>&1; echo "rc=$? $(( $(date +%s)-T0 ))s"
grep -v " ok " $OUT/run.log | tail -5; grep -c " ok " $OUT/run.log
(cd $D && tar czf $OUT/chk.tgz */clock_runs.json)
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $OUT/env.txt
