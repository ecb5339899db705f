#!/bin/bash
# gst21: compile and run the store+fence probe; output: start/issue/fence cycles per warp (median of 5)
cd "${GST21_DIR:-.devbuild/gst}"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv
nvcc -O3 -arch=sm_90a -o gstf gstf.cu && cuobjdump --dump-sass gstf > $OUT/gstf.sass && ./gstf | tee $OUT/gstf.txt
nvidia-smi --query-gpu=name,clocks.sm --format=csv
