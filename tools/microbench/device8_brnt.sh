#!/usr/bin/env bash
# brnt helper, session 6: one device call per GPU. Records brnt8_* (gen8_brnt.py)
# through device.sh (compile, mb.py run --runs 5, ncu x3) and dumps the SASS of
# ptx/*.ptx (evidence, read for the mechanism only).
set -u
D=$(cd $(dirname $0) && pwd)
ONLY='brnt8_*' BUDGET_S=100 RUN_TIMEOUT=40 NCU_TIMEOUT=60 bash $D/mb/tools/microbench/device.sh $D/mb
W=/tmp/sass8; rm -rf $W; mkdir -p $W
for p in $D/ptx/*.ptx; do
  n=$(basename $p .ptx)
  ptxas -arch=sm_90a -v -o $W/$n.cubin $p > $W/$n.ptxas.txt 2>&1
  cuobjdump --dump-sass $W/$n.cubin > $W/$n.sass 2>&1
  rm -f $W/$n.cubin
done
(cd $W && tar czf $OUT/sass8.tgz .)
for d in $D/mb/validation/microbench/brnt8_*; do echo "$(basename $d) $(python3 -c "import numpy as np;print(np.load('$d/gpu/clk.npy'))" 2>&1)"; done
ls -la $OUT
