#!/usr/bin/env bash
# gls helper (issue 15, session 6): one device call per GPU (H200, then H100),
# from the repo root with the part-8 directories copied to .devbuild/gls/mb
# and tools/microbench/probe8_gls.cu to .devbuild/gls (carried):
#   1. the ad-hoc probe probe8_gls.cu (nvcc -arch=sm_90a -O3): $OUT/probe8.txt
#      (committed as tools/microbench/probe8_gls.{h200,h100}.txt);
#   2. device.sh over the gls8_* directories (gen8_gls.py): nvcc -ptx, ptxas +
#      cuobjdump SASS, mb.py run --runs 5, ncu 3 launches each: $OUT/mb.tgz
#      (H100: cycles/clock_runs/provenance.json renamed .h100.json on merge).
# Each call ran 18-19 s on the machine (2026-11-26 17:35 / 17:36 UTC).
set -u
REPO=$(pwd)
cd .devbuild/gls
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv
nvcc -arch=sm_90a -O3 -o probe8_gls probe8_gls.cu && ./probe8_gls > $OUT/probe8.txt; tail -3 $OUT/probe8.txt
cd $REPO
R=/tmp/r8; rm -rf $R; mkdir -p $R/validation/microbench; cp -r .devbuild/gls/mb/* $R/validation/microbench/; ln -s $REPO/tools $R/tools
OUT=$OUT BUDGET_S=150 RUN_TIMEOUT=60 bash tools/microbench/device.sh $R 2>&1 | tail -25
ls -la $OUT
