#!/usr/bin/env bash
# lane tred (session 32): jump-table / constant-bank probe. Run from the repo root; D holds tred32.cu.
# $OUT: build.txt, smi.txt, tred32.sass, tred32.ptx, ncu.jsonl (stamps of launches under ncu's flush),
# ncu.csv (SM clock per launch), warm.jsonl (3 reps, no flush: rep 0 is the process's first use),
# l2f.jsonl (3 reps, 512 MiB read before each launch: L2 cold, SM caches as the flush kernel leaves them)
set -u
D=${D:-.devbuild/tred}; O=${OUT:-/tmp/tred_out}; mkdir -p $O; T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,temperature.gpu,power.draw --format=csv > $O/smi.txt 2>&1
nvcc -O3 -arch=sm_90a -Xptxas -v -o /tmp/tred32 $D/tred32.cu > $O/build.txt 2>&1 || { cat $O/build.txt; exit 1; }
nvcc -O3 -arch=sm_90a -ptx -o $O/tred32.ptx $D/tred32.cu >> $O/build.txt 2>&1
nvcc --version | tail -2 >> $O/build.txt
cuobjdump -sass /tmp/tred32 > $O/tred32.sass 2>&1
echo "built $(( $(date +%s)-T0 )) s"
timeout 40 /tmp/tred32 3 0 > $O/warm.jsonl 2> $O/err.txt; echo "warm rc=$? $(wc -l < $O/warm.jsonl) at $(( $(date +%s)-T0 )) s"
timeout 40 /tmp/tred32 3 1 > $O/l2f.jsonl 2>> $O/err.txt; echo "l2f rc=$? $(wc -l < $O/l2f.jsonl) at $(( $(date +%s)-T0 )) s"
timeout 90 ncu --cache-control all --clock-control none --kernel-name regex:"jt_probe|cb_probe" --print-units base --csv \
  --metrics sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max,gpu__time_duration.sum --log-file $O/ncu.csv /tmp/tred32 2 0 > $O/ncu.jsonl 2>> $O/err.txt
echo "ncu rc=$? $(wc -l < $O/ncu.jsonl) at $(( $(date +%s)-T0 )) s"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader >> $O/smi.txt 2>&1
cat $O/smi.txt; head -c 600 $O/err.txt; grep -c per_second $O/ncu.csv
