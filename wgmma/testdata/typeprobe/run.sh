#!/bin/sh
# Device command (from the repo root): build the 19 probes in parallel, run
# them, gzip the recordings and tar everything into $OUT/typeprobe.tar.
cd wgmma/testdata/typeprobe
T=/tmp/tp; mkdir -p $T/bin $T/rec
( nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; date -u
  echo "command: nvcc -gencode arch=compute_90a,code=sm_90a -O1 -o probe_X probe_X.cu && probe_X OUTDIR (each of probe_*.cu; run.sh)" ) > $T/rec/provenance.txt
ls probe_*.cu | sed 's/\.cu$//' | xargs -P 16 -I{} sh -c 'nvcc -gencode arch=compute_90a,code=sm_90a -O1 -o '$T'/bin/{} {}.cu > '$T'/rec/{}.build.txt 2>&1 || echo BUILD FAILED {}'
for p in $T/bin/probe_*; do $p $T/rec || echo RUN FAILED $p; done 2>&1 | tee $T/rec/log.txt
cd $T/rec && gzip -9 *.bin; ls -l; tar cf $OUT/typeprobe.tar .
