#!/bin/bash
# sgp34 device call (from the repo root, with cprobe3.cu, sass_ctrl.py and ptx/*.ptx in .devbuild/sgp/):
# cprobe3's SASS and timings, the SASS of coldc / sgp / psink / tmaqx PTX, the clocks
D=.devbuild/sgp; O=${OUT:-/tmp/out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $O/env.txt 2>&1
nvcc --version | tail -2 >> $O/env.txt 2>&1
cd $D; mkdir -p sass
nvcc -arch=sm_90a -O3 -std=c++17 -o cp3 cprobe3.cu 2>&1 | tail -3
cuobjdump -sass cp3 > /tmp/cp3.sass && python3 sass_ctrl.py /tmp/cp3.sass > sass/cprobe3.ctrl.txt
./cp3 > $O/cprobe3.txt 2>&1
for b in coldc_s4 coldc_s32 coldc_s128 sgp_k64_c1 psink_pre_cta_w1 tmaqx_s3; do ptxas -arch=sm_90a -O3 ptx/$b.ptx -o /tmp/$b.cubin && cuobjdump -sass /tmp/$b.cubin > /tmp/$b.sass && python3 sass_ctrl.py /tmp/$b.sass > sass/$b.ctrl.txt; done
ncu --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -k regex:cp -c 2 ./cp3 > $O/clocks.txt 2>&1
tail -c 3000 $O/clocks.txt > $O/clocks_tail.txt; rm $O/clocks.txt
tar czf $O/sass.tgz sass
ls -la $O
