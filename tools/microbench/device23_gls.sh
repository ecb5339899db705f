#!/usr/bin/env bash
# helper st16 (session 23): one device call, from the repo root, with the gen23_gls.py directories copied to
# .devbuild/st16/mb (carried): device.sh over them (nvcc -ptx, ptxas -v + cuobjdump SASS, mb.py run --runs 5,
# ncu sm__cycles_elapsed.max x3 each) and the timed loop's STG lines of each kernel printed. Results: $OUT/mb.tgz.
set -u
REPO=$(pwd)
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv
R=/tmp/r23; rm -rf $R; mkdir -p $R/validation/microbench; cp -r .devbuild/st16/mb/* $R/validation/microbench/; ln -s $REPO/tools $R/tools
OUT=$OUT BUDGET_S=110 RUN_TIMEOUT=40 bash tools/microbench/device.sh $R 2>&1 | tail -25
for f in /tmp/mbbuild/sass/*.sass; do echo "== $f"; grep -E "STG|BRA|CS2R" $f | sed 's/ \+/ /g' | sort | uniq -c | sort -rn | head -8; done
ls -la $OUT
