#!/usr/bin/env bash
# psink lane: one device call. SASS of the psink kernels, then the cluster barrier probe.
set -u
R=$(pwd); P=$R/.devbuild/psink  # cbprobe.cu there = tools/microbench/cbprobe21.cu; T=/tmp/psink; mkdir -p $T/sass
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee $OUT/gpu.txt
(cd $T && nvcc -arch=sm_90a -O3 -o cbp $P/cbprobe.cu 2>&1 | tail -3 && cuobjdump --dump-sass cbp > sass/cbprobe.sass 2>&1)
for d in psink_mid_clu_w1 psink_mid_clu_w12 psink_pre_cta_w1_wm psink_mid_clu_w12_wm psinkx_post_cta_w1_wa psinkx_mid_clu_w12_wa psink_post_cta_w1 ldclat_u32_seq; do
  nvcc -arch=sm_90a -O3 -cubin -o $T/$d.cubin $R/validation/microbench/$d/kernel.cu > $T/sass/$d.nvcc.txt 2>&1 && cuobjdump --dump-sass $T/$d.cubin > $T/sass/$d.sass 2>&1 &
done; wait
(cd $T && timeout 60 ./cbp > $OUT/cbprobe.txt 2>&1; echo "rc=$?" >> $OUT/cbprobe.txt)
(cd $T/sass && tar czf $OUT/sass.tgz .)
tail -5 $OUT/cbprobe.txt; ls $T/sass | head
