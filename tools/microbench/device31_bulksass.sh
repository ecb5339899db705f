#!/bin/bash
# bulk31: SASS (ptxas sm_90a + cuobjdump, control bits decoded) of recorded bulk18/bulkst/tbulk/tailst kernels
# Run from the repo root with the recorded kernel.ptx of each directory copied to .devbuild/bulk/ptx/NAME.ptx
# (carry [".devbuild/bulk"]); session 31, helper bulk: validation/timing/bulk31.md, bulk31_sass.ctrl.txt.gz.
cd "$(dirname "$0")"
mkdir -p $OUT/s
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $OUT/gpu.txt 2>&1
(nvcc --version; ptxas --version) >> $OUT/gpu.txt 2>&1
for p in ptx/*.ptx; do n=$(basename $p .ptx)
  ptxas -arch=sm_90a -O3 -o /tmp/$n.cubin $p 2>>$OUT/err.txt && cuobjdump -sass /tmp/$n.cubin > /tmp/$n.sass && python3 ../../tools/microbench/sass_ctrl.py /tmp/$n.sass > $OUT/s/$n.ctrl.txt
done

cd $OUT/s && tar czf ../sass.tgz *.ctrl.txt && cd .. && rm -rf s
ls -la $OUT
