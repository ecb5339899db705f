#!/usr/bin/env bash
# lane hbmq (session 28): loaded HBM latency probe. Run from the repo root with hbmq.cu in $D.
# Results to $OUT: runs.jsonl (3 reps x {probe c0,16,33,66,131 + chase; gmem_copy c16,33,66,132}),
# ncu.csv (SM clock of 2 probe launches at c33), hbmq.sass, smi.txt, build.txt
set -u
D=${D:-.devbuild/hbmq}; O=${OUT:-/tmp/hbmq_out}; mkdir -p $O; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw --format=csv > $O/smi.txt 2>&1
nvcc -O3 -arch=sm_90a -o /tmp/hbmq $D/hbmq.cu > $O/build.txt 2>&1 || { cat $O/build.txt; exit 1; }
nvcc --version | tail -2 >> $O/build.txt
cuobjdump -sass /tmp/hbmq > $O/hbmq.sass 2>&1
echo "built $(( $(date +%s)-T0 )) s"
timeout 60 /tmp/hbmq 3 > $O/runs.jsonl 2> $O/runs.err; echo "runs rc=$? lines $(wc -l < $O/runs.jsonl) at $(( $(date +%s)-T0 )) s"
timeout 40 ncu --clock-control none --cache-control none --kernel-name hbmq_probe --launch-count 2 --print-units base --csv \
  --metrics sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,gpu__time_duration.sum --log-file $O/ncu.csv /tmp/hbmq 1 1 > $O/ncu.log 2>&1
echo "ncu rc=$? at $(( $(date +%s)-T0 )) s"; grep per_second $O/ncu.csv | head
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader >> $O/smi.txt 2>&1
cat $O/smi.txt; head -c 300 $O/runs.err
