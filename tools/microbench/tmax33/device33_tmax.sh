#!/bin/bash
# tmax33 (session 33, helper tmax): SASS of the recorded tmax/tma6 kernels and t7_st probes at other box sizes.
# Run from the repo root; carry [".devbuild/tmax"]. Results: $OUT/sass.tgz, $OUT/probe.txt, $OUT/gpu.txt
cd .devbuild/tmax
mkdir -p $OUT/s
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $OUT/gpu.txt 2>&1
(nvcc --version; ptxas --version) >> $OUT/gpu.txt 2>&1
for p in ptx/*.ptx; do n=$(basename $p .ptx)
  ptxas -arch=sm_90a -O3 -o /tmp/$n.cubin $p 2>>$OUT/err.txt && cuobjdump -sass /tmp/$n.cubin > /tmp/$n.sass && python3 ../../tools/microbench/sass_ctrl.py /tmp/$n.sass > $OUT/s/$n.ctrl.txt
done
(cd $OUT/s && tar czf ../sass.tgz *.ctrl.txt) && rm -rf $OUT/s
cd ../..
P=$(ls -d .devbuild/tmax/p/*)
timeout 60 python3 tools/microbench/mb.py run --runs 3 $P > $OUT/run.log 2>&1; echo "run rc=$?"
for d in $P; do echo "$(basename $d) $(cat $d/clock_runs.json)"; done > $OUT/probe.txt
timeout 40 ncu --clock-control none --print-units base --csv --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second python3 tools/microbench/mb.py once --order /tmp/ord.txt .devbuild/tmax/p/st1k_g .devbuild/tmax/p/st256_g > $OUT/ncu.csv 2>&1; echo "ncu rc=$?"
cat $OUT/probe.txt; tail -5 $OUT/ncu.csv; cat $OUT/gpu.txt | head -3
