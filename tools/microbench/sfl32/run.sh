#!/bin/bash
set -x
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm --format=csv
nvcc --version | tail -2
nvcc -O3 -arch=sm_90a -o fb32 fb32.cu -Xptxas -v 2>&1 | tail -20
cuobjdump --dump-sass fb32 > $OUT/fb32_sass.txt
./fb32 > $OUT/fb32_out.txt 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv
ncu --clock-control none --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -k regex:kdiv -c 1 ./fb32 2>&1 | grep -E 'per_second|kdiv' | head -5
grep -c FB $OUT/fb32_out.txt; tail -12 $OUT/fb32_out.txt
