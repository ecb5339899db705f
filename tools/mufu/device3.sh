#!/bin/bash
# Device call 3 of issue 16 (on an H100): the same dumps and full comparison
# as calls 1-2 on the H200, to see whether the two GPUs agree.
D=$(cd $(dirname $0) && pwd); O=$OUT; W=/tmp/mufu; mkdir -p $W/d $W/s
T0=$(date +%s)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee $O/smi.txt
nvcc -O2 -arch=sm_90a -o $W/dump $D/dump.cu && nvcc -O2 -arch=sm_90a -o $W/stream $D/stream.cu || exit 1
$W/dump $W/d phase2 all | tee $O/dump_log.txt
timeout 60 ncu --metrics sm__cycles_elapsed.avg.per_second -k kRange -c 1 $W/dump $W/d clock 2>&1 | grep -E "per_second|rror" | tee -a $O/smi.txt
(cd $W/d && tar cf - strat_* div_a.u32 all_* | xz -T16 -6 > $O/strat.tar.xz; tar cf - bin_tanh* | xz -T16 -6 > $O/tanh.tar.xz; tar cf - f64_* | xz -T16 -6 > $O/f64.tar.xz) &
for f in 0 1 2 3 100 101 4 5 6 7 102 103 8 9 10 11 12 13 14; do
  if [ $(( $(date +%s) - T0 )) -gt 520 ]; then echo "form $f: skipped (time)" | tee -a $O/check.log; continue; fi
  s=$(date +%s); $W/stream $f | $D/check $f $W/s/mis_$f.bin 2>&1 | tee -a $O/check.log; echo "   ($(( $(date +%s) - s )) s)" | tee -a $O/check.log
done
wait
ls -l $O
