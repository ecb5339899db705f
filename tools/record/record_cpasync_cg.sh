#!/usr/bin/env bash
# Records the cp.async probe corpus (validation/testdata/cpasync_cg_*, written by gen_cpasync_cg.py)
# on the GPU in one device call:  tools/record/record_cpasync_cg.sh
# record_all.sh compiles, runs twice, profiles with ncu (--clock-control none); this script then
# prints the LDGSTS SASS of each probe and a table of the ldgsts counters, and (with $OUT set)
# tars only the probe dirs into $OUT/cpasync_cg.tgz and the build logs into $OUT/build.tgz.
set -u
cd "$(dirname "$0")/../.."
TD=validation/testdata
B=${RECORD_BUILD:-/tmp/record_build}
NAMES=()
for d in "$TD"/cpasync_cg_*/; do NAMES+=("$(basename "$d")"); done
O=${OUT:-}
{
    OUT= tools/record/record_all.sh "${NAMES[@]}"
    echo "=== LDGSTS in the SASS"
    for n in "${NAMES[@]}"; do
        echo "--- $n"; grep -E 'LDGSTS|LDG|ARRIVES' "$B/$n/sass.txt" | sed 's#/\* 0x[0-9a-f]* \*/##' | tr -s ' '
    done
    echo "=== ldgsts counters"
    python3 - "${NAMES[@]}" <<'PY'
import json, sys
keys = ["smsp__sass_inst_executed_op_ldgsts.sum",
        "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
        "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass.sum",
        "sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_access.sum",
        "sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum",
        "sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum",
        "lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum", "lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum"]
print("%-26s" % "probe", " ".join("%8s" % k.split("op_")[-1][:8] for k in keys))
for n in sys.argv[1:]:
    try:
        m = json.load(open("validation/testdata/%s/counters.json" % n))["metrics"]
    except Exception as e:
        print(n, "no counters", e); continue
    print("%-26s" % n, " ".join("%8s" % (m.get(k, "-")) for k in keys))
PY
} 2>&1 | tee "${O:-/tmp}/cpasync_cg.log"
if [ -n "$O" ]; then
    tar czf "$O/cpasync_cg.tgz" "$TD"/cpasync_cg_*
    tar czf "$O/build.tgz" -C "$(dirname "$B")" "$(basename "$B")"
fi
