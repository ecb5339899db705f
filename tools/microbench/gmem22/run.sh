#!/bin/bash
# run from the repo root: bash .devbuild/gmem/run.sh
cd .devbuild/gmem
O=${OUT:-/tmp}
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
nvcc -O3 -arch=sm_90a -o probe probe.cu 2> $O/nvcc.txt && cuobjdump --dump-sass probe > $O/probe.sass 2>&1
./probe > $O/probe_out.txt 2>&1
nvidia-smi --query-gpu=name,clocks.sm --format=csv >> $O/gpu.txt 2>&1
tail -3 $O/probe_out.txt; cat $O/gpu.txt
