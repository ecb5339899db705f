#!/usr/bin/env bash
# tailbulk (session 21): record family tbulk (gen21_tailbulk.py) on the device, run from the repo root: the
# bulkst recording script (device22_bulkst.sh: nvcc -ptx per directory; ptxas -v + cuobjdump SASS of every
# directory; mb.py run --runs 5; ncu x3 interleaved with --dump, clock_ncu.json) with tbulk's names.
# Usage: copy the generated tbulk_* directories (kernel.cu, launch.yaml) into $H (default
# .devbuild/tailbulk/mb), one device call with carry [".devbuild/tailbulk"]; results: python3
# tools/microbench/collect21_tailbulk.py RESULT_DIR [--suffix h100].
# Session 21 second call: H=.devbuild/tailbulk/mb2 (the 7 tbulk_*_cold/_fill directories, and t6st_bulk_p1/_p4 and
# tmast7_bst_1k_group for their SASS only), SASS_SHOW=t6st_bulk_p4.
export FAMILY=tbulk TAG=21 SCRIPT=device21_tailbulk.sh STAMP_RUNS=${STAMP_RUNS:-1} H=${H:-.devbuild/tailbulk/mb}
export SASS_SHOW=${SASS_SHOW:-tbulk_t1_512b_n8_el tbulk_t1_512b_n8 tbulk_t1_red256b_n2 tbulk_l8_512b_n16_el_half tbulk_l8_512b_n16_uni_half tbulk_l8_red512b_n16_el_half}
exec bash "$(dirname "$0")/device22_bulkst.sh"
