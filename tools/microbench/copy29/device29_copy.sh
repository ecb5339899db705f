#!/usr/bin/env bash
# lane copy (session 29): one SM's copy vs loads-only vs stores-only, warps x accesses in flight.
# Run from the repo root with copy29.cu in $D. To $OUT: runs.jsonl, ncu.csv, copy29.sass, ptx, smi.txt, build.txt
set -u
D=${D:-.devbuild/copy}; O=${OUT:-/tmp/copy_out}; mkdir -p $O; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw --format=csv > $O/smi.txt 2>&1
nvcc -O3 -arch=sm_90a -o /tmp/copy29 $D/copy29.cu > $O/build.txt 2>&1 || { cat $O/build.txt; exit 1; }
nvcc -O3 -arch=sm_90a -ptx -o $O/copy29.ptx $D/copy29.cu >> $O/build.txt 2>&1
nvcc --version | tail -2 >> $O/build.txt
cuobjdump -sass /tmp/copy29 > $O/copy29.sass 2>&1; gzip -f $O/copy29.sass
echo "built $(( $(date +%s)-T0 )) s"
timeout 90 /tmp/copy29 3 > $O/runs.jsonl 2> $O/runs.err; echo "runs rc=$? lines $(wc -l < $O/runs.jsonl) at $(( $(date +%s)-T0 )) s"
gzip -f $O/runs.jsonl
timeout 40 ncu --clock-control none --cache-control none --kernel-name regex:stream --launch-count 2 --print-units base --csv \
  --metrics sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,gpu__time_duration.sum --log-file $O/ncu.csv /tmp/copy29 1 1 > $O/ncu.log 2>&1
echo "ncu rc=$? at $(( $(date +%s)-T0 )) s"; grep per_second $O/ncu.csv | head
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader >> $O/smi.txt 2>&1
cat $O/smi.txt; head -c 300 $O/runs.err
