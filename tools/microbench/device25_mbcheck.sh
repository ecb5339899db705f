#!/usr/bin/env bash
# (run as .devbuild/gpu/mbcheck.sh) Same-session reference for the figures that moved: tools/microbench/mb.py run --runs 5 (the
# Python runner that recorded them) on the dirs of .devbuild/gpu/movers.txt; their new
# clock_runs.json come back in $OUT/mbcheck.tgz.
set -u
O=${OUT:-/tmp/gpuout}; mkdir -p $O; T0=$(date +%s)
nvidia-smi --query-gpu=name,pci.bus_id,driver_version,clocks.sm,clocks.mem --format=csv > $O/smi.txt 2>&1
D=(); for n in $(cat .devbuild/gpu/movers.txt); do D+=(validation/microbench/$n); done
timeout 100 python3 tools/microbench/mb.py run --runs 5 "${D[@]}" > $O/mb.log 2>&1; echo "mb.py rc=$? $(( $(date +%s)-T0 ))s" | tee -a $O/mb.log
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $O/smi.txt 2>&1
tar czf $O/mbcheck.tgz $(for d in "${D[@]}"; do ls $d/clock_runs.json 2>/dev/null; done)
grep -c " ok " $O/mb.log; grep FAILED $O/mb.log | head; cat $O/smi.txt; tail -2 $O/mb.log | cut -c1-200
