#!/usr/bin/env bash
# Issue 4 leftovers in one device call:   tools/record/record_issue4.sh
# 1. im2col-mode TMA stores / reductions: tools/record/im2c_probe.cu (one process per case: negative
#    coordinates, negative pixel-box corners, misaligned channels, swizzles), then the corpus
#    directories of gen_im2c.py (tma_im2c_*) through record_all.sh (RECORD_ISOLATE=1);
# 2. cp.async.cg LDGSTS wavefronts: tools/record/cpasync_probe.cu under ncu (one profiled launch per
#    case: src-size patterns, global line patterns, the cpasync_pipeline kernel and variants, repeats,
#    warp delays), once more for a subset with --cache-control none (caches not flushed), and once
#    with the L1 request/sector counters.
# Results of both calls: tools/record/ASYNC_FINDINGS.md.
# With $OUT set: $OUT/issue4.log, $OUT/issue4_corpus.tgz (the new directories), $OUT/issue4_build.tgz
# (probe outputs, ncu CSVs, record_all build dir).
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1
TD=validation/testdata
O=${OUT:-/tmp}
P=/tmp/issue4_probe
NAMES=(tma_im2c_store_3d tma_im2c_store_4d tma_im2c_store_5d tma_im2c_reduce_add
       tma_im2c_store_box tma_im2c_store_lower tma_im2c_store_estride tma_im2c_store_upper)
# ISSUE4_PASS=1: the first device call (probe cases 0-19, the full cp.async probe); 2 (default):
# the second (probe cases 20-40, the cp.async "v2" cases and the corpus cp.async kernels re-profiled).
PASS=${ISSUE4_PASS:-2}
CORPUS_CG=(cpasync_cg_ramp cpasync_cg_tail_w4 cpasync_cg_half cpasync_cg_sz0 cpasync_cg_shift_sz16 cpasync_cg_tail)
M="smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum,\
sm__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,\
sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_bypass.sum,\
sm__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts_cache_access.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum,\
lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,\
smsp__sass_inst_executed_op_ldgsts.sum,sm__cycles_elapsed.max"
M2="sm__sass_l1tex_t_requests_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum,\
sm__sass_l1tex_t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum,\
sm__sass_l1tex_m_xbar2l1tex_read_sectors_mem_global_op_ldgsts_cache_bypass.sum,\
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
{
rm -rf "$P"; mkdir -p "$P"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
stamp "build the probes"
( nvcc -arch=sm_90a -O2 -o "$P/im2c_probe" tools/record/im2c_probe.cu -lcuda > "$P/im2c_build.txt" 2>&1 ) &
( nvcc -arch=sm_90a -O3 -o "$P/cpasync_probe" tools/record/cpasync_probe.cu > "$P/cpasync_build.txt" 2>&1 \
  && cuobjdump --dump-sass "$P/cpasync_probe" > "$P/cpasync_sass.txt" 2>&1 ) &
python3 tools/record/gen_im2c.py "$TD"
wait
cat "$P/im2c_build.txt" "$P/cpasync_build.txt" | grep -v '^$' | head -30
stamp "im2col store probe cases"
if [ -x "$P/im2c_probe" ]; then
    first=0; [ "$PASS" = 2 ] && first=20
    for i in $(seq $first 60); do timeout 20 "$P/im2c_probe" $i; rc=$?; [ $rc -eq 2 ] && break; done
fi
stamp "cp.async probe: plain run"
if [ -x "$P/cpasync_probe" ]; then
    timeout 60 "$P/cpasync_probe" "$P/list_plain.txt"
    grep -c ok "$P/list_plain.txt"
    grep -E 'LDGSTS' "$P/cpasync_sass.txt" | sed 's#/\* 0x[0-9a-f]* \*/##' | tr -s ' ' | sort | uniq -c | head -20
    if [ "$PASS" = 2 ]; then
        stamp "cp.async probe v2 under ncu"
        timeout 90 ncu --clock-control none --print-units base --csv --log-file "$P/ncu_v2.csv" --metrics "$M" \
            "$P/cpasync_probe" "$P/list_v2.txt" v2 > "$P/ncu_v2_stdout.txt" 2>&1
        echo "ncu rc=$? rows=$(grep -c '^"[0-9]' "$P/ncu_v2.csv" 2>/dev/null)"
        python3 tools/record/cpasync_probe_table.py "$P/list_v2.txt" "$P/ncu_v2.csv"
        stamp "corpus cp.async kernels re-profiled, three times each"
        D=(); for r in 1 2 3; do for n in "${CORPUS_CG[@]}"; do D+=("$TD/$n"); done; done
        for d in "${D[@]}"; do echo "$(basename $d)"; done | nl -v0 -w1 -s' ' > "$P/list_corpus.txt"
        timeout 90 ncu --clock-control none --print-units base --csv --log-file "$P/ncu_corpus.csv" --metrics "$M" \
            python3 tools/record/record.py once "${D[@]}" > "$P/ncu_corpus_stdout.txt" 2>&1
        echo "ncu rc=$? rows=$(grep -c '^"[0-9]' "$P/ncu_corpus.csv" 2>/dev/null)"
        python3 tools/record/cpasync_probe_table.py "$P/list_corpus.txt" "$P/ncu_corpus.csv"
    fi
fi
if [ "$PASS" = 1 ] && [ -x "$P/cpasync_probe" ]; then
    stamp "cp.async probe under ncu"
    timeout 150 ncu --clock-control none --print-units base --csv --log-file "$P/ncu_full.csv" --metrics "$M" \
        "$P/cpasync_probe" "$P/list_full.txt" > "$P/ncu_full_stdout.txt" 2>&1
    echo "ncu rc=$? rows=$(grep -c '^"[0-9]' "$P/ncu_full.csv" 2>/dev/null)"
    stamp "cp.async probe subset, --cache-control none"
    timeout 60 ncu --clock-control none --cache-control none --print-units base --csv --log-file "$P/ncu_nocache.csv" \
        --metrics "$M" "$P/cpasync_probe" "$P/list_nocache.txt" subset > "$P/ncu_nocache_stdout.txt" 2>&1
    echo "ncu rc=$? rows=$(grep -c '^"[0-9]' "$P/ncu_nocache.csv" 2>/dev/null)"
    python3 tools/record/cpasync_probe_table.py "$P/list_full.txt" "$P/ncu_full.csv" "$P/list_nocache.txt" "$P/ncu_nocache.csv"
fi
stamp "record the im2col store / reduce directories"
RECORD_ISOLATE=1 RECORD_TIMEOUT=30 OUT= timeout 200 tools/record/record_all.sh "${NAMES[@]}"
for n in "${NAMES[@]}"; do
    echo "--- $n"; grep -E 'UTMA|UBLK' "/tmp/record_build/$n/sass.txt" 2>/dev/null | sed 's#/\* 0x[0-9a-f]* \*/##' | tr -s ' ' | head -4
    python3 -c "import json,sys; p=json.load(open('$TD/$n/provenance.json')); print('runs_equal', p.get('runs_equal'))" 2>&1
done
if [ "$PASS" = 1 ] && [ -x "$P/cpasync_probe" ] && [ $(( $(date +%s) - T0 )) -lt 200 ]; then
    stamp "cp.async probe with the L1 request counters"
    timeout 60 ncu --clock-control none --print-units base --csv --log-file "$P/ncu_req.csv" --metrics "$M2" \
        "$P/cpasync_probe" "$P/list_req.txt" > "$P/ncu_req_stdout.txt" 2>&1
    echo "ncu rc=$? rows=$(grep -c '^"[0-9]' "$P/ncu_req.csv" 2>/dev/null)"
    python3 tools/record/cpasync_probe_table.py "$P/list_req.txt" "$P/ncu_req.csv"
fi
stamp "pack"
tar czf "$O/issue4_corpus.tgz" $(for n in "${NAMES[@]}"; do echo "$TD/$n"; done)
tar czf "$O/issue4_build.tgz" -C /tmp record_build issue4_probe
ls -la "$O"
stamp done
} 2>&1 | tee "$O/issue4.log"
