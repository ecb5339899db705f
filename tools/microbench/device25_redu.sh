#!/usr/bin/env bash
# redu24 (session 25, helper bulk): records the family redu24 (tools/microbench/gen24_redu.py) in one device call,
# run from the repo root, through device22_bulkst.sh (nvcc -ptx, ptxas -v + SASS, mb.py run x5, ncu x3 interleaved).
# The generated redu24_* directories (kernel.cu, launch.yaml) are copied into $H (default .devbuild/bulk/mb) with
# this script and device22_bulkst.sh beside them (.devbuild/bulk/); carry [".devbuild/bulk"]; results:
# python3 tools/microbench/collect25_redu.py RESULT_DIR.
D=$(dirname "$0")
FAMILY=redu24 TAG=25 SCRIPT=device25_redu.sh H=${H:-.devbuild/bulk/mb} SASS_SHOW="redu24_red_u1 redu24_red_u2 redu24_st_u2" \
  STAMP_RUNS=0 RUN_T=${RUN_T:-40} NCU_T=${NCU_T:-70} bash $D/device22_bulkst.sh
