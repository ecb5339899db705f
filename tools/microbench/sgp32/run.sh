#!/bin/bash
# sgp32 device call: SASS (control bits) of psink/psinkx/bar_sync/ldclat PTX, cbprobe21 and barprobe; barprobe timings
D=.devbuild/sgp; O=${OUT:-/tmp/out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $O/env.txt 2>&1
nvcc --version >> $O/env.txt 2>&1
cd $D; mkdir -p sass
for f in ptx/*.ptx; do b=$(basename $f .ptx); ptxas -arch=sm_90a -O3 $f -o /tmp/$b.cubin && cuobjdump -sass /tmp/$b.cubin > /tmp/$b.sass && python3 sass_ctrl.py /tmp/$b.sass > sass/$b.ctrl.txt; done
nvcc -arch=sm_90a -O3 -o cbp cbprobe21.cu && cuobjdump -sass cbp > /tmp/cbp.sass && python3 sass_ctrl.py /tmp/cbp.sass > sass/cbprobe21.ctrl.txt
nvcc -arch=sm_90a -O3 -o bp barprobe.cu && cuobjdump -sass bp > /tmp/bp.sass && python3 sass_ctrl.py /tmp/bp.sass > sass/barprobe.ctrl.txt
./bp > $O/barprobe.txt 2>&1
ncu --metrics sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second -c 1 ./bp > $O/clocks.txt 2>&1
tar czf $O/sass.tgz sass
ls -la $O
