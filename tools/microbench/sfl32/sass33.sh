#!/bin/bash
# sfl33: the SASS of sfl's kernel (the recorded kernel.ptx through ptxas, as mb.py loads it)
cd "$(dirname "$0")"
ptxas -arch=sm_90a -O3 -o "$OUT/sfl.cubin" sfl.ptx && cuobjdump -sass "$OUT/sfl.cubin" > "$OUT/sfl_sass.txt"
nvcc --version | tail -2 >> "$OUT/sfl_sass.txt"; rm -f "$OUT/sfl.cubin"; wc -l "$OUT/sfl_sass.txt"
