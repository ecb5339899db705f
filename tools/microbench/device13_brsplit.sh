#!/usr/bin/env bash
# branch helper, session 13: one device call per GPU. Records brsplit13_*
# (gen13_brsplit.py) through device.sh (compile, mb.py run --runs 5, ncu x3)
# from the repo root (validation/microbench holding only brsplit13_* dirs on the
# device), then decodes the control bits (stall counts) of their SASS and of
# brloop8's and fence7_mbinit's kernels (core8.cu, fit8.cu: read for the
# mechanism). Results in $OUT: mb.tgz, build.tgz, ctrl.tgz.
#   bash device13_brsplit.sh [ROOT]   (ROOT: a copy holding tools/microbench, tools/record and
#   validation/microbench/brsplit13_*; default the repo root)
set -u
R=$(cd ${1:-.} && pwd)
ONLY='brsplit13_*' BUDGET_S=110 RUN_TIMEOUT=40 NCU_TIMEOUT=60 bash $R/tools/microbench/device.sh $R
W=/tmp/ctrl13; rm -rf $W; mkdir -p $W
tar xzf $OUT/build.tgz -C $W sass 2>/dev/null
for f in core8 fit8; do
  nvcc -cubin -arch=sm_90a -O3 -o $W/$f.cubin $R/tools/microbench/$f.cu > $W/$f.nvcc.txt 2>&1
  cuobjdump --dump-sass $W/$f.cubin > $W/sass/$f.sass 2>&1; rm -f $W/$f.cubin
done
for s in $W/sass/*.sass; do python3 $R/tools/microbench/sass_ctrl.py $s > ${s%.sass}.ctrl.txt; done
(cd $W/sass && tar czf $OUT/ctrl.tgz *.ctrl.txt)
for d in $R/validation/microbench/brsplit13_*; do echo "$(basename $d) $(python3 -c "import numpy as np;print(np.load('$d/gpu/clk.npy'))" 2>&1) $(grep -m1 median $d/cycles.json)"; done
