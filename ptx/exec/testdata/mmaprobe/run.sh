#!/bin/bash
# Device run: builds every form of probe.cu (in parallel), runs them, keeps
# the SASS lines of the mma forms, writes provenance. Usage: bash run.sh OUTDIR
out=${1:-.}; mkdir -p "$out"; cd "$(dirname "$0")"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; date -u; } > "$out/provenance.txt"
for f in $(seq 1 13); do
  (nvcc -gencode arch=compute_90a,code=sm_90a -O2 -DFORM=$f -o /tmp/probe$f probe.cu 2> /tmp/err$f || echo fail > /tmp/fail$f) &
done
wait
for f in $(seq 1 13); do
  if [ -e /tmp/fail$f ]; then
    echo "form $f: compile failed: $(head -3 /tmp/err$f)" | tee -a "$out/sass.txt"; continue
  fi
  /tmp/probe$f "$out" || echo "form $f: run failed"
  echo "== form $f" >> "$out/sass.txt"
  cuobjdump -sass /tmp/probe$f | grep -E 'MMA|F2FP|HADD2|I2F|F2F|PRMT' | sed 's/^ *//' | head -40 >> "$out/sass.txt"
done
echo "command: nvcc -gencode arch=compute_90a,code=sm_90a -O2 -DFORM=N -o /tmp/probeN probe.cu && /tmp/probeN OUT (N = 1..13; run.sh)" >> "$out/provenance.txt"
