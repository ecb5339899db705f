#!/bin/bash
# Device call 4 of issue 16: tanh.approx.f32 (the last model found) against
# the hardware over all 2^32 inputs.
D=$(cd $(dirname $0) && pwd); O=$OUT; W=/tmp/mufu; mkdir -p $W/s
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee $O/smi.txt
nvcc -O2 -arch=sm_90a -o $W/stream $D/stream.cu || exit 1
$W/stream 14 | $D/check 14 $W/s/mis_14.bin 2>&1 | tee $O/check.log
