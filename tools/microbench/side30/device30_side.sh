#!/usr/bin/env bash
# lane g4096 (session 30): side30 probe (which L2 partition is near each SM), H200. Run from the repo root.
set -u
D=${D:-.devbuild/g4096}; O=${OUT:-/tmp/side_out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader > $O/smi.txt 2>&1
nvcc -O3 -arch=sm_90a -o /tmp/side $D/side.cu > $O/build.txt 2>&1 || { cat $O/build.txt; exit 1; }
cuobjdump -sass /tmp/side | grep -E "LDG|CS2R|S2UR" > $O/side_sass.txt 2>&1
timeout 30 /tmp/side 5 > $O/side.jsonl 2>> $O/build.txt; echo "rc=$? lines $(wc -l < $O/side.jsonl)"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader >> $O/smi.txt 2>&1; cat $O/smi.txt
