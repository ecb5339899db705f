#!/usr/bin/env bash
# Records the TMA store / reduce / struct-param / im2col corpus (gen_tma2.py) in one device call:
#   tools/record/record_tma2.sh
# 1. tools/record/tma_store_probe.cu: one process per case, which store/reduce/load shapes fault;
# 2. the old pending tma_store_2d (gen_async.py --pending) under compute-sanitizer, with its SASS;
# 3. gen_tma2.py --pending (the store / reduce directories are not in the repository until recorded),
#    then record_all.sh (RECORD_ISOLATE=1: one process per directory, ncu counters) on them.
# First run (2026-11-21, H200): tma_struct_load and tma_im2col recorded; every store / reduce directory
# faulted (negative coordinates; since removed from the kernels, see ASYNC_FINDINGS.md).
# Second run (2026-11-21, H200, through device_tma2_validate.sh): the six store / reduce directories
# recorded; probe cases 24-29: a negative c0 or c1 alone faults.
# With $OUT set: $OUT/tma2.log, $OUT/tma2_corpus.tgz (the new directories), $OUT/tma2_build.tgz.
set -u
cd "$(dirname "$0")/../.."
export PYTHONUNBUFFERED=1
TD=validation/testdata
O=${OUT:-/tmp}
P=/tmp/tma2_probe
NAMES=(tma_store_clip tma_store_sw128 tma_store_sw128_shift tma_reduce_add tma_reduce_minmax tma_struct_load tma_struct_store tma_im2col)
# TMA2_NAMES (space-separated) records only those; TMA2_SKIP_OLD=1 skips step 2.
[ -n "${TMA2_NAMES:-}" ] && read -r -a NAMES <<< "$TMA2_NAMES"
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
{
rm -rf "$P"; mkdir -p "$P"
stamp "probe build + old kernel build"
( nvcc -arch=sm_90a -O2 -o "$P/probe" tools/record/tma_store_probe.cu -lcuda > "$P/probe_build.txt" 2>&1; echo $? > "$P/probe_build.rc" ) &
python3 tools/record/gen_async.py "$P/pend" --pending > /dev/null 2>&1
K=$P/pend/tma_store_2d
( nvcc -ptx -arch=compute_90a -O3 -o "$K/kernel.ptx" "$K/kernel.cu" > "$P/pend_nvcc.txt" 2>&1 \
  && ptxas -arch=sm_90a -v -o "$P/pend.cubin" "$K/kernel.ptx" >> "$P/pend_nvcc.txt" 2>&1 \
  && cuobjdump --dump-sass "$P/pend.cubin" > "$P/pend_sass.txt" 2>&1 ) &
wait
cat "$P/probe_build.txt" "$P/pend_nvcc.txt" | head -20
stamp "probe cases"
if [ -x "$P/probe" ]; then
    for i in $(seq 0 40); do timeout 20 "$P/probe" $i || [ $? -ne 2 ] || break; done
fi
stamp "old tma_store_2d under compute-sanitizer"
if [ -f "$K/kernel.ptx" ] && [ "${TMA2_SKIP_OLD:-0}" != 1 ]; then
    timeout 60 compute-sanitizer --print-limit 4 python3 tools/record/record.py once "$K" 2>&1 | head -40
    grep -nE 'UTMA|UBLK|SYNCS|UTMACMDFLUSH|DEPBAR' "$P/pend_sass.txt" | head -40
fi
stamp "record the new directories"
python3 tools/record/gen_tma2.py "$TD" --pending
RECORD_ISOLATE=1 RECORD_TIMEOUT=30 OUT= tools/record/record_all.sh "${NAMES[@]}"
stamp "pack"
tar czf "$O/tma2_corpus.tgz" $(for n in "${NAMES[@]}"; do echo "$TD/$n"; done)
tar czf "$O/tma2_build.tgz" -C /tmp record_build tma2_probe
ls -la "$O"
stamp done
} 2>&1 | tee "$O/tma2.log"
