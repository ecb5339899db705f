#!/usr/bin/env bash
# ldg (issue 14, session 6): records the part-8 directories (gen8_ldg.py:
# cpasync8_*) with device.sh's steps (nvcc -ptx, ptxas + cuobjdump SASS,
# mb.py run --runs 5, ncu 3 launches each, with the LDGSTS wavefront counters
# added to the metrics), from a copy of those directories under a scratch root
# ($1: the folder holding them, e.g. .devbuild/ldg/mb); then the SASS of the
# Triton cp.async evidence kernels (ptxas -arch=sm_90a of their kernel.ptx, as
# the driver JIT that recorded them) into $OUT/evsass.tgz.
set -u
REPO=$(pwd); SRC=$1
R=/tmp/r8; rm -rf $R; mkdir -p $R/validation/microbench
cp -r $SRC/* $R/validation/microbench/
ln -s $REPO/tools $R/tools
export METRICS=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum,smsp__sass_inst_executed_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
OUT=$OUT BUDGET_S=${BUDGET_S:-200} bash $REPO/tools/microbench/device.sh $R
if [ "${EVSASS:-1}" = 1 ]; then
  E=/tmp/evsass; rm -rf $E; mkdir -p $E
  for k in triton_matmul_4096 triton_matmul_cpasync cpasync_cg_sz16 cpasync_pipeline; do
    d=$REPO/validation/testdata/$k; p=$E/$k.ptx
    if [ -f $d/kernel.ptx.gz ]; then gunzip -c $d/kernel.ptx.gz > $p; else cp $d/kernel.ptx $p; fi
    ptxas -arch=sm_90a -v -o $E/$k.cubin $p > $E/$k.ptxas.txt 2>&1
    cuobjdump --dump-sass $E/$k.cubin > $E/$k.sass 2>&1
  done
  tar czf $OUT/evsass.tgz -C $E $(cd $E && ls *.sass *.ptxas.txt)
fi
echo "=== done $(date -u +%T)"
