#!/usr/bin/env bash
# One H200 call: build barx.cu, dump its SASS, run it (8 launches per variant), ncu clocks of one launch.
set -x
D=.devbuild/lead34
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $OUT/env.txt 2>&1
nvcc --version | tail -2 >> $OUT/env.txt
nvcc -arch=sm_90a -O3 -o $D/barx $D/barx.cu 2> $OUT/build.txt
cuobjdump --dump-sass $D/barx > $OUT/barx.sass 2>&1
$D/barx > $OUT/barx_h200.txt 2>&1
$D/barx >> $OUT/barx_h200.txt 2>&1
ncu --clock-control none --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -c 3 $D/barx > $OUT/clocks.txt 2>&1
gzip -9 $OUT/barx.sass
