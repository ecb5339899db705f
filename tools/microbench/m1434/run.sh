#!/bin/bash
# m14 device job: (1) the probe, (2) ptxas + cuobjdump of the corpus kernels with guarded memory blocks
cd "$(dirname "$0")"; D=$PWD; I=$OUT/info.txt
date +%s > $I
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm --format=csv >> $I 2>&1
nvcc --version | tail -2 >> $I
nvcc -O3 -arch=sm_90a -o /tmp/probe probe.cu >> $I 2>&1 && /tmp/probe > $OUT/probe.txt 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $I 2>&1
cuobjdump -sass /tmp/probe > $OUT/probe.sass 2>&1
timeout 30 ncu --clock-control none --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -k pa -c 1 /tmp/probe > $OUT/ncu.txt 2>&1
date +%s >> $I
mkdir -p /tmp/c/sass && cd /tmp/c && tar xJf $D/ptx.tar.xz
ls ptx/*.ptx | xargs -P 16 -I{} bash -c 'b=$(basename {} .ptx); timeout 40 ptxas -arch=sm_90a -o /tmp/c/$b.cubin {} 2>/tmp/c/sass/$b.err && cuobjdump -sass /tmp/c/$b.cubin > /tmp/c/sass/$b.sass; rm -f /tmp/c/$b.cubin'
ls sass/*.sass | wc -l >> $I; ptxas --version | tail -1 >> $I; date +%s >> $I
tar cf - sass | xz -6 -T16 > $OUT/sass.tar.xz
cat $I $OUT/probe.txt; tail -3 $OUT/ncu.txt; ls -la $OUT
