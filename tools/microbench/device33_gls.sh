#!/bin/bash
# gls33 probe: build, SASS, run, clocks
# (copied to .devbuild/gls and run from the lead checkout: carry .devbuild/gls; bash .devbuild/gls/device33_gls.sh)
cd "$(dirname "$0")"
O=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
nvcc --version | tail -2 >> $O/gpu.txt
nvcc -O3 -arch=sm_90a -o probe33 probe33_gls.cu 2>&1 | tail -5
cuobjdump -sass probe33 | gzip -9 > $O/probe33.sass.txt.gz
./probe33 > $O/probe33.out.txt 2>&1
ncu --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second --launch-count 2 ./probe33 2>&1 | grep -E "per_second" | head -4 >> $O/gpu.txt
cat $O/gpu.txt $O/probe33.out.txt
