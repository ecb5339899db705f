#!/bin/bash
# gls32 probe: build, SASS of the store loops, run, clocks
# (copied to .devbuild/gls and run from the lead checkout: carry .devbuild/gls; bash .devbuild/gls/device32_gls.sh)
cd "$(dirname "$0")"
O=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
nvcc --version | tail -2 >> $O/gpu.txt
nvcc -O3 -arch=sm_90a -o probe32 probe32_gls.cu 2>&1 | tail -5
cuobjdump -sass probe32 > $O/probe32.sass.txt 2>&1
./probe32 > $O/probe32.out.txt 2>&1
ncu --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -k regex:probe --launch-count 2 ./probe32 2>&1 | grep -E "per_second|probe" | head -8 >> $O/gpu.txt
cat $O/gpu.txt; grep try\ 1 $O/probe32.out.txt; tail -1 $O/probe32.out.txt
