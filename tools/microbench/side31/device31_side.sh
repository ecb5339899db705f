#!/usr/bin/env bash
# lane side (session 31): side31 probe (cold lines: which L2 partition is near each SM), H200. Run from the repo root.
set -u
D=${D:-.devbuild/side}; O=${OUT:-/tmp/side_out}; mkdir -p $O
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader > $O/smi.txt 2>&1
nvcc --version | tail -2 >> $O/smi.txt
nvcc -O3 -arch=sm_90a -o /tmp/side31 $D/side31.cu > $O/build.txt 2>&1 || { cat $O/build.txt; exit 1; }
cuobjdump -sass /tmp/side31 | grep -E "LDG|CS2R|S2UR|S2R|GLOBALTIMER" > $O/side31_sass.txt 2>&1
timeout 60 /tmp/side31 5 > $O/side31.jsonl 2>> $O/build.txt; echo "rc=$? lines $(wc -l < $O/side31.jsonl)"
gzip -f $O/side31.jsonl
timeout 60 ncu --clock-control none -k probe -c 2 --metrics sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,lts__t_sectors_srcunit_ltcfabric.sum --csv /tmp/side31 1 > $O/ncu.csv 2>&1; echo "ncu rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader >> $O/smi.txt 2>&1; cat $O/smi.txt; tail -3 $O/ncu.csv | cut -c1-300
