#!/usr/bin/env bash
# redu24 *_clk (session 27, helper tred): records the four redu24_*_clk directories (tools/microbench/gen24_redu.py:
# the redu24 loops with a %clock64 read before each operation) in one device call, run from the repo root, through
# device22_bulkst.sh (nvcc -ptx, ptxas -v + SASS, mb.py run x5, ncu x3 interleaved). The generated directories
# (kernel.cu, launch.yaml) are copied into $H (default .devbuild/tred/mb) with this script beside them
# (.devbuild/tred/); carry [".devbuild/tred"]; results: python3 tools/microbench/collect27_tred.py RESULT_DIR.
D=$(dirname "$0")
[ -f $D/device22_bulkst.sh ] || D=tools/microbench
FAMILY=redu24 TAG=27 SCRIPT=device27_tred.sh H=${H:-.devbuild/tred/mb} \
  SASS_SHOW="redu24_red_u2_clk redu24_st_u2_clk redu24_st_u4_clk" \
  STAMP_RUNS=0 RUN_T=${RUN_T:-40} NCU_T=${NCU_T:-60} bash $D/device22_bulkst.sh
