#!/bin/bash
# sgp33 device call: cprobe33 SASS (control bits) and timings; clocks
# cprobe.cu and tools/microbench/sass_ctrl.py copied to .devbuild/sgp first
D=.devbuild/sgp; O=${OUT:-/tmp/out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $O/env.txt 2>&1
nvcc --version >> $O/env.txt 2>&1
cd $D
nvcc -arch=sm_90a -O3 -std=c++17 -o cprobe cprobe.cu 2>&1 | tail -5
cuobjdump -sass cprobe > /tmp/cp.sass && python3 sass_ctrl.py /tmp/cp.sass > $O/cprobe_sass.ctrl.txt
./cprobe > $O/cprobe.txt 2>&1
ncu --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -k regex:cp -c 2 ./cprobe > $O/clocks.txt 2>&1
gzip -9 $O/cprobe_sass.ctrl.txt
ls -la $O
