#!/bin/bash
# sgp35 device call (from the repo root, with cprobe4.cu and tools/microbench/sass_ctrl.py copied to .devbuild/sgp/):
# cprobe4's SASS (stall / scoreboard bits) and timings, the clocks
D=.devbuild/sgp; O=${OUT:-/tmp/out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $O/env.txt 2>&1
nvcc --version | tail -2 >> $O/env.txt 2>&1
cd $D
nvcc -arch=sm_90a -O3 -std=c++17 -o cp4 cprobe4.cu 2>&1 | tail -5
cuobjdump -sass cp4 > /tmp/cp4.sass && python3 sass_ctrl.py /tmp/cp4.sass > $O/cprobe4_sass.ctrl.txt
./cp4 > $O/cprobe4.txt 2>&1
ncu --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -k regex:cp -c 2 ./cp4 > /tmp/clocks.txt 2>&1
tail -c 3000 /tmp/clocks.txt > $O/clocks.txt
ls -la $O
