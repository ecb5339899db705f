#!/bin/bash
# sgp33 second device call: cprobe2 SASS (control bits) and timings
D=.devbuild/sgp; O=${OUT:-/tmp/out}; mkdir -p $O
cd $D
nvcc -arch=sm_90a -O3 -std=c++17 -o cprobe2 cprobe2.cu 2>&1 | tail -5
cuobjdump -sass cprobe2 > /tmp/cp2.sass && python3 sass_ctrl.py /tmp/cp2.sass > $O/cprobe2_sass.ctrl.txt
./cprobe2 > $O/cprobe2.txt 2>&1
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $O/cprobe2.txt 2>&1
gzip -9 $O/cprobe2_sass.ctrl.txt
