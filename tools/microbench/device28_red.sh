#!/usr/bin/env bash
# redu24 store probe (session 28, helper red): records redu24_st_u8, _st_u4_512, _st_u2_1k, _st_u4_1k
# (tools/microbench/gen28_redu.py) in one device call, run from the repo root, through device22_bulkst.sh
# (nvcc -ptx, ptxas -v + SASS, mb.py run x5, ncu x3 interleaved). The generated directories (kernel.cu, launch.yaml)
# are copied into $H (default .devbuild/red/mb) with this script and device22_bulkst.sh beside them
# (.devbuild/red/); carry [".devbuild/red"]; results: python3 tools/microbench/collect28_red.py RESULT_DIR.
D=$(dirname "$0")
[ -f $D/device22_bulkst.sh ] || D=tools/microbench
FAMILY=redu24 TAG=28 SCRIPT=device28_red.sh H=${H:-.devbuild/red/mb} \
  SASS_SHOW="redu24_st_u8 redu24_st_u4_1k" \
  STAMP_RUNS=0 RUN_T=${RUN_T:-40} NCU_T=${NCU_T:-60} bash $D/device22_bulkst.sh
